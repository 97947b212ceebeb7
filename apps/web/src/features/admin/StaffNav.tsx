import { personName } from '@bank/contract';
import type { Me } from '@bank/contract';
import { LogOut } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/Avatar';
import { hrefOf, menuOf } from './areas';

const itemBase = 'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors';
const itemClass = `${itemBase} font-medium text-slate-300 hover:bg-slate-800 hover:text-white`;
const activeItemClass = `${itemBase} bg-brand-700 font-semibold text-white`;

/**
 * The back office's menu: the areas this staff member's permissions open, by group, the one
 * shown marked (`aria-current`). Nothing when none is open. `onChoose` runs when an item is
 * chosen (the phone's menu closes). `className` says how it is displayed (`flex`, `hidden lg:flex`).
 */
export function StaffNav({
  me,
  onChoose,
  className = '',
}: {
  me: Me;
  onChoose?: () => void;
  className?: string;
}) {
  const sections = menuOf(me);
  const id = useId();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The long menu scrolls on its own: the page shown stays in sight (Audit log, at the bottom).
  useEffect(() => {
    nav.current
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [pathname]);
  if (sections.length === 0) return null;
  return (
    <nav ref={nav} aria-label="Back office" className={`flex-col gap-5 ${className}`}>
      {sections.map(({ group, areas }, index) => {
        const labelId = `${id}-${index}`;
        return (
          <div key={group ?? ''} className="flex flex-col gap-1">
            {group && (
              <p
                id={labelId}
                className="px-3 text-xs font-semibold tracking-wider text-slate-400 uppercase"
              >
                {group}
              </p>
            )}
            <ul aria-labelledby={group ? labelId : undefined} className="flex flex-col gap-0.5">
              {areas.map(({ path, label, icon: Icon }) => (
                <li key={path}>
                  <NavLink
                    to={hrefOf({ path })}
                    end={path === ''}
                    onClick={onChoose}
                    className={({ isActive }) => (isActive ? activeItemClass : itemClass)}
                  >
                    <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** Who is signed in, and the way out. */
export function StaffCard({
  me,
  signingOut,
  onSignOut,
  className = '',
}: {
  me: Me;
  signingOut: boolean;
  onSignOut: () => void;
  className?: string;
}) {
  const name = personName(me);
  return (
    <div className={`flex-col gap-1 ${className}`}>
      <div className="flex items-center gap-3 px-3 py-1.5">
        <Avatar src={null} name={name} />
        <p className="min-w-0 text-sm">
          <span className="sr-only">Signed in as </span>
          <span className="block truncate font-semibold text-white">{name}</span>
          <span className="block truncate text-xs text-slate-400">{me.email}</span>
        </p>
      </div>
      <button
        type="button"
        disabled={signingOut}
        aria-busy={signingOut || undefined}
        onClick={onSignOut}
        className={`${itemClass} disabled:cursor-not-allowed disabled:opacity-70`}
      >
        <LogOut aria-hidden="true" className="h-5 w-5 shrink-0" />
        Sign out
      </button>
    </div>
  );
}
