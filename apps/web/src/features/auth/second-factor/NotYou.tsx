import { useSignOutToWelcome } from '../../../lib/signout';

/** Leaves a half-finished staff sign-in (someone else's, or started by mistake). */
export function NotYou({ email }: { email: string }) {
  const { pending, signOut } = useSignOutToWelcome({ quiet: true });
  return (
    <p className="border-t border-slate-200 pt-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      Signing in as <span className="font-medium break-all">{email}</span>.{' '}
      <button
        type="button"
        disabled={pending}
        onClick={signOut}
        className="min-h-11 font-semibold text-brand-700 underline dark:text-brand-50"
      >
        Not you? Sign out
      </button>
    </p>
  );
}
