import type { Me } from '@bank/contract';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { NavLink, Outlet, useOutletContext } from 'react-router';
import { Banner } from '../components/ui/Banner';
import { BrandMark } from '../components/ui/BrandMark';
import { SkipLink } from '../components/ui/SkipLink';
import { BANK_NAME } from '../lib/brand';
import { SIGNOUT_FAILED_MESSAGE, useSignOutToWelcome } from '../lib/signout';

const NAV_ID = 'dashboard-nav';

const itemBase = 'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left';
const itemClass = `${itemBase} font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800`;
const activeItemClass = `${itemBase} bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-50`;

/** The signed-in customer, for the pages inside the dashboard shell. */
export function useDashboardCustomer(): Me {
  return useOutletContext<Me>();
}

/** The top bar: the bank's name, the small-screen menu button and who is signed in. */
function TopBar({
  me,
  menuOpen,
  menuButtonRef,
  onToggleMenu,
}: {
  me: Me;
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleMenu: () => void;
}) {
  // The notification bell and the profile popup arrive with the notifications and profile pages.
  return (
    <header className="flex min-h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 md:px-6 dark:border-slate-800 dark:bg-slate-900">
      <button
        ref={menuButtonRef}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={NAV_ID}
        onClick={onToggleMenu}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6 fill-none stroke-current stroke-2"
        >
          <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
        </svg>
        Menu
      </button>
      <BrandMark nameHiddenOnPhones />
      <p className="ml-auto min-w-0 truncate font-medium text-slate-700 dark:text-slate-300">
        <span className="sr-only">Signed in as </span>
        {me.firstName} {me.lastName}
      </p>
    </header>
  );
}

/** The side menu: always shown from md up, a disclosure panel below that. */
function SideNav({
  open,
  onChoose,
  onEscape,
}: {
  open: boolean;
  onChoose: () => void;
  onEscape: () => void;
}) {
  const { pending, failed, signOut } = useSignOutToWelcome();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) onEscape();
  };
  return (
    <nav
      id={NAV_ID}
      aria-label="Main"
      onKeyDown={onKeyDown}
      className={`${open ? 'block' : 'hidden'} shrink-0 border-b border-slate-200 bg-white p-3 md:block md:w-60 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900`}
    >
      {/* Only the pages that exist; the spec's other items arrive with their pages. */}
      <ul className="flex flex-col gap-1">
        <li>
          <NavLink
            to="/dashboard"
            end
            onClick={onChoose}
            className={({ isActive }) => (isActive ? activeItemClass : itemClass)}
          >
            Dashboard
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={signOut}
            className={itemClass}
          >
            Log Out
          </button>
        </li>
      </ul>
      {failed && (
        <div className="mt-2">
          <Banner tone="error">{SIGNOUT_FAILED_MESSAGE}</Banner>
        </div>
      )}
    </nav>
  );
}

/** The signed-in shell (SPEC "Dashboard tree"): top bar, side menu, the page, and a footer. */
export function DashboardLayout({ me }: { me: Me }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenuToButton = () => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  };
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink target={mainRef} />
      <TopBar
        me={me}
        menuOpen={menuOpen}
        menuButtonRef={menuButtonRef}
        onToggleMenu={() => setMenuOpen((open) => !open)}
      />
      <div className="flex flex-1 flex-col md:flex-row">
        <SideNav open={menuOpen} onChoose={() => setMenuOpen(false)} onEscape={closeMenuToButton} />
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 px-4 py-6 md:px-8 md:py-8">
            <Outlet context={me} />
          </main>
          <footer className="px-4 py-6 text-center text-sm text-slate-600 md:px-8 dark:text-slate-400">
            © {new Date().getFullYear()} {BANK_NAME}. All rights reserved.
          </footer>
        </div>
      </div>
    </div>
  );
}
