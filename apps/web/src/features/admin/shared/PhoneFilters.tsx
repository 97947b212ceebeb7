import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

/**
 * A page's filter form that folds away on a phone: there the filters sit behind one button
 * ("Filters", with how many are on) so the list is on the first screen; from the small
 * breakpoint up they are always shown and the button is gone.
 */
export function PhoneFilters({
  active,
  label = 'Filters',
  unfold = false,
  children,
}: {
  /** How many filters are on now, said on the button while it is folded. */
  active: number;
  label?: string;
  /** Shown unfolded whatever was chosen: the server refused a filter, and says so in it. */
  unfold?: boolean;
  children: ReactNode;
}) {
  const [chosen, setOpen] = useState(false);
  const open = chosen || unfold;
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg bg-white px-4 text-base font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-brand-50 sm:hidden dark:bg-slate-900 dark:text-brand-50 dark:ring-slate-700 dark:hover:bg-slate-800"
      >
        <SlidersHorizontal aria-hidden="true" className="h-5 w-5" />
        {active > 0 ? `${label} (${active} on)` : label}
        <ChevronDown
          aria-hidden="true"
          className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={id} className={open ? '' : 'hidden sm:block'}>
        {children}
      </div>
    </div>
  );
}
