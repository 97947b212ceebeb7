import type { Me } from '@bank/contract';
import { useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/SkipLink';
import { Banner } from '../../components/ui/Banner';
import { BrandMark } from '../../components/ui/BrandMark';
import { Button } from '../../components/ui/Button';
import { areasOf } from './areas';
import { BANK_NAME } from '../../lib/brand';
import { SIGNOUT_FAILED_MESSAGE, useSignOutToWelcome } from '../../lib/signout';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 font-semibold ${
    isActive
      ? 'bg-brand-700 text-white'
      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
  }`;

/** The back office shell: who is signed in, the areas their roles open, and sign-out. */
export function AdminLayout({ me }: { me: Me }) {
  const { pending, failed, signOut } = useSignOutToWelcome();
  const mainRef = useRef<HTMLElement>(null);
  const areas = areasOf(me);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink target={mainRef} />
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-2">
            <BrandMark />
            <span className="rounded bg-slate-800 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white dark:bg-slate-200 dark:text-slate-900">
              Back office
            </span>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {me.firstName} {me.lastName}
            </span>
            <Button variant="secondary" loading={pending} onClick={signOut}>
              Sign out
            </Button>
          </div>
        </div>
        {failed && (
          <div className="mx-auto max-w-6xl px-4 pb-3">
            <Banner tone="error">{SIGNOUT_FAILED_MESSAGE}</Banner>
          </div>
        )}
        {areas.length > 0 && (
          <nav aria-label="Back office" className="mx-auto max-w-6xl px-4 pb-3">
            <ul className="flex flex-wrap gap-2">
              {areas.map((area) => (
                <li key={area.to}>
                  <NavLink to={area.to} className={linkClass}>
                    {area.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6"
      >
        <Outlet context={me} />
      </main>
      <footer className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400">
        © {new Date().getFullYear()} {BANK_NAME}. Staff use only; every action is recorded.
      </footer>
    </div>
  );
}
