import type { PendingActivity, Transaction } from '@bank/contract';
import {
  ArrowDownLeft,
  ArrowUpRight,
  ChevronRight,
  CircleCheck,
  CircleX,
  Clock,
  Hourglass,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FundingStatusBadge } from '../../components/funding/FundingStatusBadge';
import { TransactionStatus } from '../../components/ui/TransactionStatus';
import { formatDay } from '../../lib/format';
import { pendingPath, transactionDetailPath } from './detail-paths';
import { MaskedAmount } from './MaskedAmount';

const tones = {
  in: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-300',
  out: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  waiting: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300',
} as const;

/**
 * One row of Recent Transactions, the whole of it a link to where it leads: an icon of what it
 * is, name with date and what happens next on the left, amount and status on the right.
 */
function Row({
  to,
  icon: Icon,
  tone,
  name,
  details,
  amount,
  status,
}: {
  to: string;
  icon: LucideIcon;
  tone: keyof typeof tones;
  name: string;
  details: ReactNode;
  amount: ReactNode;
  status: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="-mx-2 flex min-h-14 items-start gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
      >
        <span
          aria-hidden="true"
          className={`mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${tones[tone]}`}
        >
          <Icon className="h-5 w-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium break-words">{name}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">{details}</span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className="font-semibold tabular-nums">{amount}</span>
          {status}
        </span>
        <ChevronRight
          aria-hidden="true"
          className="mt-2 hidden h-4 w-4 shrink-0 text-slate-400 sm:block"
        />
      </Link>
    </li>
  );
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDay(iso)}</time>;
}

/**
 * A signed amount: the sign and the hidden word carry credit or debit, the colour repeats it;
 * money still to come (`expected`) is not coloured as if it had arrived.
 */
function Signed({
  credit,
  minor,
  currency,
  shown,
  expected = false,
}: {
  credit: boolean;
  minor: string;
  currency: string;
  shown: boolean;
  expected?: boolean;
}) {
  const colour = expected
    ? 'text-slate-900 dark:text-slate-100'
    : credit
      ? 'text-green-700 dark:text-green-400'
      : 'text-red-700 dark:text-red-400';
  return (
    <span className={colour}>
      <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
      <span aria-hidden="true">{credit ? '+' : '−'}</span>
      <MaskedAmount minor={minor} currency={currency} shown={shown} />
    </span>
  );
}

/** A line of the account's history: a posted entry, opening its transaction's detail. */
export function LedgerRow({ transaction: t, shown }: { transaction: Transaction; shown: boolean }) {
  const credit = t.transactionType === 'credit';
  const [icon, tone] =
    t.status === 'failed'
      ? ([Undo2, 'failed'] as const)
      : t.status === 'in_progress'
        ? ([Hourglass, 'waiting'] as const)
        : credit
          ? ([ArrowDownLeft, 'in'] as const)
          : ([ArrowUpRight, 'out'] as const);
  return (
    <Row
      to={transactionDetailPath(t.id)}
      icon={icon}
      tone={tone}
      name={t.name}
      details={<When iso={t.date} />}
      amount={<Signed credit={credit} minor={t.amount} currency={t.currency} shown={shown} />}
      status={<TransactionStatus status={t.status} />}
    />
  );
}

/** What happens next, in the customer's words, for each kind of pending item. */
const NEXT: Record<PendingActivity['type'], string> = {
  deposit: 'Added to your balance once we confirm it arrived',
  payment: 'Paid in crypto; we are confirming it arrived',
  fixed_deposit: 'Starts once we confirm your payment arrived',
  upgrade: 'Your new plan applies once we confirm your payment',
  transfer: 'Taken from your balance; waiting to be sent',
};

/** How much of staff's reason a row carries; the request's page shows all of it. */
export const REASON_SHOWN = 120;

/** The reason cut at a word to at most REASON_SHOWN characters, with "…" when cut. */
export function shortReason(reason: string): string {
  const text = reason.trim().replace(/\s+/g, ' ');
  if (text.length <= REASON_SHOWN) return text;
  const cut = text.slice(0, REASON_SHOWN - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > REASON_SHOWN / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * A request staff declined lately: nothing moved in the account, so the amount (what the
 * customer said they sent) has no sign; the row says why on a line of its own, shortened (and
 * at most two lines on screen), and leads to the request on its page, where the reason reads
 * in full.
 */
function DeclinedRow({ item, shown }: { item: PendingActivity; shown: boolean }) {
  return (
    <Row
      to={pendingPath(item)}
      icon={CircleX}
      tone="failed"
      name={item.name}
      details={
        <>
          <When iso={item.date} />
          <span className="line-clamp-2 break-words">Reason: {shortReason(item.reason ?? '')}</span>
        </>
      }
      amount={<MaskedAmount minor={item.amount} currency={item.currency} shown={shown} />}
      status={<FundingStatusBadge status="declined" />}
    />
  );
}

/** What a confirmed request paid for did, in the customer's words. */
const DONE: Record<Exclude<PendingActivity['type'], 'deposit' | 'transfer'>, string> = {
  payment: 'Paid in crypto; we confirmed it arrived',
  fixed_deposit: 'Paid in crypto; your fixed deposit has started',
  upgrade: 'Paid in crypto; your new plan applies',
};

/**
 * A payment, an upgrade or a fixed deposit paid in crypto that staff confirmed lately: it never
 * touched the balance, so it has no line of its own in the history; this row says it arrived
 * (the amount that did, unsigned) and leads to the request on its page.
 */
function ConfirmedRow({ item, shown }: { item: PendingActivity; shown: boolean }) {
  const done = item.type === 'deposit' || item.type === 'transfer' ? '' : DONE[item.type];
  return (
    <Row
      to={pendingPath(item)}
      icon={CircleCheck}
      tone="in"
      name={item.name}
      details={
        <>
          <When iso={item.date} /> · {done}
        </>
      }
      amount={<MaskedAmount minor={item.amount} currency={item.currency} shown={shown} />}
      status={<FundingStatusBadge status="confirmed" />}
    />
  );
}

/**
 * Money on its way: a request waiting for staff (pending) or a transfer waiting to be sent (in
 * progress). A deposit shows what it will add; a transfer what it took; a payment, an upgrade or
 * a fixed deposit paid in crypto never touch the balance, so their amount has no sign. A request
 * declined lately shows as such (DeclinedRow), and one of those three confirmed lately too
 * (ConfirmedRow).
 */
export function PendingRow({ item, shown }: { item: PendingActivity; shown: boolean }) {
  if (item.status === 'declined') return <DeclinedRow item={item} shown={shown} />;
  if (item.status === 'confirmed') return <ConfirmedRow item={item} shown={shown} />;
  const transfer = item.type === 'transfer';
  return (
    <Row
      to={pendingPath(item)}
      icon={transfer ? Hourglass : Clock}
      tone="waiting"
      name={item.name}
      details={
        <>
          <When iso={item.date} /> · {NEXT[item.type]}
        </>
      }
      amount={
        item.effect === 'none' ? (
          <MaskedAmount minor={item.amount} currency={item.currency} shown={shown} />
        ) : (
          <Signed
            credit={item.effect === 'credit'}
            expected={item.effect === 'credit'}
            minor={item.amount}
            currency={item.currency}
            shown={shown}
          />
        )
      }
      status={
        item.status === 'pending' ? (
          <FundingStatusBadge status="pending" />
        ) : (
          <TransactionStatus status="in_progress" />
        )
      }
    />
  );
}
