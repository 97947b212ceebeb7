import type { Me } from '@bank/contract';
import { useRef } from 'react';
import { Outlet } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { SkipLink } from '../../components/ui/SkipLink';
import { BANK_NAME } from '../../lib/brand';
import { SIGNOUT_FAILED_MESSAGE, useSignOutToWelcome } from '../../lib/signout';
import { BackOfficeMark } from './BackOfficeMark';
import { PhoneMenu } from './PhoneMenu';
import { StaffCard, StaffNav } from './StaffNav';

/**
 * The back office's shell. From `lg` up, a sidebar: the bank's mark, the menu by group, and who
 * is signed in with the way out. Below, a top bar whose Menu button opens the same as a sheet.
 * One banner landmark either way (the header is the bar or the sidebar), then the page.
 */
export function AdminLayout({ me }: { me: Me }) {
  const { pending, failed, signOut } = useSignOutToWelcome();
  const mainRef = useRef<HTMLElement>(null);
  return (
    <div className="min-h-dvh bg-slate-100 lg:flex dark:bg-slate-950">
      <SkipLink target={mainRef} />
      <header className="sticky top-0 z-30 flex min-h-14 items-center gap-2 bg-slate-900 px-3 text-slate-100 lg:h-dvh lg:w-64 lg:shrink-0 lg:flex-col lg:items-stretch lg:gap-0 lg:px-0 dark:border-b dark:border-slate-800 lg:dark:border-r lg:dark:border-b-0">
        <PhoneMenu me={me} signingOut={pending} onSignOut={signOut} mainRef={mainRef} />
        <div className="flex items-center lg:min-h-16 lg:border-b lg:border-slate-800 lg:px-4">
          <BackOfficeMark />
        </div>
        <StaffNav me={me} className="hidden lg:flex lg:flex-1 lg:overflow-y-auto lg:px-3 lg:py-5" />
        <StaffCard
          me={me}
          signingOut={pending}
          onSignOut={signOut}
          className="hidden lg:flex lg:mt-auto lg:border-t lg:border-slate-800 lg:p-3"
        />
      </header>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* At least the window's height below the top bar (beside the side bar from lg): the
            footer starts out of sight, so a page growing as its data arrives does not push it
            down in view (decision 30). */}
        <main
          id="main"
          ref={mainRef}
          tabIndex={-1}
          className="mx-auto min-h-[calc(100dvh-3.5rem)] w-full max-w-6xl flex-1 px-4 py-6 lg:min-h-dvh lg:px-8 lg:py-8"
        >
          {failed && (
            <div className="mb-4">
              <Banner tone="error">{SIGNOUT_FAILED_MESSAGE}</Banner>
            </div>
          )}
          <Outlet context={me} />
        </main>
        <footer className="px-4 py-6 text-center text-sm text-slate-600 lg:px-8 dark:text-slate-400">
          © {new Date().getFullYear()} {BANK_NAME}. Staff use only; every action is recorded.
        </footer>
      </div>
    </div>
  );
}
