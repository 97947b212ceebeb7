import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';

const shortcutClass =
  'flex min-h-16 flex-1 items-center gap-3 rounded-2xl bg-white p-4 font-semibold shadow-sm ring-1 ring-slate-200 hover:ring-brand-600 dark:bg-slate-900 dark:ring-slate-800';

/** The home page's two shortcuts (spec): Transfer (to send) and Receive (to add-funds/it). */
export function Shortcuts() {
  return (
    <nav aria-label="Shortcuts" className="flex gap-4">
      <Link to="/dashboard/send" className={shortcutClass}>
        <span className="rounded-full bg-brand-700 p-2 text-white">
          <ArrowUpRight aria-hidden="true" className="h-5 w-5" />
        </span>
        Transfer
      </Link>
      <Link to="/dashboard/add-funds/it" className={shortcutClass}>
        <span className="rounded-full bg-green-700 p-2 text-white">
          <ArrowDownLeft aria-hidden="true" className="h-5 w-5" />
        </span>
        Receive
      </Link>
    </nav>
  );
}
