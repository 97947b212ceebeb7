import { Button } from '../../components/ui/Button';
import { useSignOutToWelcome } from '../../lib/signout';

/** KYC is waiting for staff; Okay signs out and returns to the welcome page. */
export function UnderReviewPage() {
  const { pending, signOut } = useSignOutToWelcome({ quiet: true });
  return (
    <div className="flex flex-col gap-6 text-center">
      <div>
        <h1 className="text-2xl font-bold">Under review</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Your documents are being reviewed. We will send you an email when the review is done.
        </p>
      </div>
      <Button loading={pending} onClick={signOut}>
        Okay
      </Button>
    </div>
  );
}
