import type { Me } from '@bank/contract';
import { LogOut, Menu, X } from 'lucide-react';
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { Banner } from '../components/ui/Banner';
import { BrandMark } from '../components/ui/BrandMark';
import { SkipLink } from '../components/ui/SkipLink';
import { BANK_NAME } from '../lib/brand';
import { SIGNOUT_FAILED_MESSAGE, useSignOutToWelcome } from '../lib/signout';
import { NAV_ITEMS } from './dashboard/nav';
import { NotificationBell } from './dashboard/NotificationBell';
import { ProfileMenu } from './dashboard/ProfileMenu';

const NAV_ID = 'dashboard-nav';

const itemBase =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left transition-colors';
const itemClass = `${itemBase} font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800`;
const activeItemClass = `${itemBase} bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-50`;

/** The signed-in customer, for the pages inside the dashboard shell. */
export function useDashboardCustomer(): Me {
  return useOutletContext<Me>();
}

/**
 * The top bar: the small-screen menu button, the bank's name, the bell and the profile menu.
 * Memoised: signing out forgets every query, and a bar that rendered again meanwhile would ask
 * for its data once more.
 */
const TopBar = memo(function TopBar({
  me,
  menuOpen,
  menuButtonRef,
  onToggleMenu,
  onSignOut,
}: {
  me: Me;
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleMenu: () => void;
  onSignOut: () => void;
}) {
  return (
    <header className="sticky top-0 z-30 flex min-h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:px-6 dark:border-slate-800 dark:bg-slate-900/95">
      <button
        ref={menuButtonRef}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={NAV_ID}
        onClick={onToggleMenu}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        {menuOpen ? (
          <X aria-hidden="true" className="h-6 w-6" />
        ) : (
          <Menu aria-hidden="true" className="h-6 w-6" />
        )}
        Menu
      </button>
      <BrandMark nameHiddenOnPhones />
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <ProfileMenu me={me} onSignOut={onSignOut} />
      </div>
    </header>
  );
});

/** The side menu (spec's 14 items): always shown from md up, a disclosure panel below that. */
function SideNav({
  open,
  signingOut,
  onChoose,
  onEscape,
  onSignOut,
}: {
  open: boolean;
  signingOut: boolean;
  onChoose: () => void;
  onEscape: () => void;
  onSignOut: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) onEscape();
  };
  return (
    <nav
      id={NAV_ID}
      aria-label="Main"
      onKeyDown={onKeyDown}
      className={`${open ? 'block' : 'hidden'} shrink-0 border-b border-slate-200 bg-white p-3 md:sticky md:top-16 md:block md:h-[calc(100dvh-4rem)] md:w-64 md:overflow-y-auto md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900`}
    >
      <ul className="flex flex-col gap-0.5">
        {NAV_ITEMS.map(({ label, section, icon: Icon, soon }) => (
          <li key={label}>
            <NavLink
              to={section ? `/dashboard/${section}` : '/dashboard'}
              end={section === ''}
              onClick={onChoose}
              className={({ isActive }) => (isActive ? activeItemClass : itemClass)}
            >
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
              {label}
              {soon && (
                // Seen, not read out: the link keeps the spec's name, and its page says it.
                <span
                  aria-hidden="true"
                  className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                >
                  Soon
                </span>
              )}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={signingOut}
            aria-busy={signingOut || undefined}
            onClick={onSignOut}
            className={itemClass}
          >
            <LogOut aria-hidden="true" className="h-5 w-5 shrink-0" />
            Log Out
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** The signed-in shell (SPEC "Dashboard tree"): top bar, side menu, the page, and a footer. */
export function DashboardLayout({ me }: { me: Me }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Any move to another page closes the phone menu, whether it was chosen in the menu, the
  // top bar's bell or its profile menu.
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const mainRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pending, failed, signOut } = useSignOutToWelcome();
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);
  // On a small screen the opened menu sits below the top bar: take the focus into it.
  useEffect(() => {
    if (menuOpen) document.querySelector<HTMLElement>(`#${NAV_ID} a`)?.focus();
  }, [menuOpen]);
  const closeMenuToButton = () => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  };
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <SkipLink target={mainRef} />
      <TopBar
        me={me}
        menuOpen={menuOpen}
        menuButtonRef={menuButtonRef}
        onToggleMenu={toggleMenu}
        onSignOut={signOut}
      />
      <div className="flex flex-1 flex-col md:flex-row">
        <SideNav
          open={menuOpen}
          signingOut={pending}
          onChoose={() => setMenuOpen(false)}
          onEscape={closeMenuToButton}
          onSignOut={signOut}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          {/* At least the window's height below the top bar: the footer starts out of sight, so a
              page growing as its data arrives does not push it down in view (decision 30). */}
          <main
            id="main"
            ref={mainRef}
            tabIndex={-1}
            className="min-h-[calc(100dvh-4rem)] flex-1 px-4 py-6 md:px-8 md:py-8"
          >
            {failed && (
              <div className="mx-auto mb-4 max-w-4xl">
                <Banner tone="error">{SIGNOUT_FAILED_MESSAGE}</Banner>
              </div>
            )}
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
