import { personName, type Me } from '@bank/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, House, LogOut, Settings, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/Avatar';
import { pictureUrl } from '../../lib/profile-picture';
import { queries } from '../../lib/queries';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

/**
 * The profile card popup (spec): picture, name, current plan, and Home, Profile, Settings,
 * Logout. A menu button (Radix): arrow keys move, Escape closes, focus returns to the button.
 */
export function ProfileMenu({ me, onSignOut }: { me: Me; onSignOut: () => void }) {
  const navigate = useNavigate();
  const profile = useQuery(queries.profile());
  const name = personName(me);
  const picture = pictureUrl(profile.data, profile.dataUpdatedAt);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
        <Avatar src={picture} name={name} />
        <span className="sr-only">Account menu for </span>
        {/* The name is read out at every width, and shown from sm up. */}
        <span className="sr-only font-medium sm:not-sr-only sm:max-w-40 sm:truncate">{name}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2">
            <Avatar src={picture} name={name} size="lg" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900 dark:text-white">
                {name}
              </span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {profile.data ? `${profile.data.plan} plan` : 'Loading plan…'}
              </span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {(
            [
              ['Home', '/dashboard', House],
              ['Profile', '/dashboard/profile', User],
              ['Settings', '/dashboard/settings', Settings],
            ] as const
          ).map(([label, to, Icon]) => (
            <DropdownMenu.Item key={label} className={itemClass} onSelect={() => void navigate(to)}>
              <Icon aria-hidden="true" className="h-5 w-5" />
              {label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="h-5 w-5" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
