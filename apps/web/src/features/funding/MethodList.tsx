import type { Product } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Banknote,
  Bitcoin,
  Building2,
  ChevronRight,
  CreditCard,
  Landmark,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';
import { NOT_AVAILABLE } from './layout';

export interface Method {
  label: string;
  sub?: string;
  icon: LucideIcon;
  /** Relative link, when the method can be used. */
  to?: string;
  /** The product that must be available in the customer's region; none: always offered. */
  product?: Product;
}

/** The three ways of paying in that the operator switches off (spec): labelled, never linked. */
export const OFFLINE_METHODS: Method[] = [
  { label: 'Bank Transfer', icon: Landmark, product: 'funding_bank_transfer' },
  { label: 'Card deposit', icon: CreditCard, product: 'funding_card' },
  { label: 'Cash deposit', icon: Banknote, product: 'funding_cash' },
];

/** Crypto Deposit, paying for `product` (a deposit, a payment or a fixed deposit). */
export const cryptoMethod = (product: Product): Method => ({
  label: 'Crypto Deposit',
  sub: 'Make payments swiftly with crypto currency',
  icon: Bitcoin,
  to: 'crypto',
  product,
});

/** The customer's own details for an institution paying in: nothing to switch off. */
export const INSTITUTIONAL_METHOD: Method = {
  label: 'Institutional Transfer',
  sub: 'Receive cash from limited institutes',
  icon: Building2,
  to: 'it',
};

/** Paying from the available balance (PRODUCT.md: an extra method), for `product`. */
export const balanceMethod = (product: Product, sub: string): Method => ({
  label: 'From your balance',
  sub,
  icon: Wallet,
  to: 'balance',
  product,
});

/** A fixed deposit from the available balance. */
export const BALANCE_METHOD: Method = balanceMethod(
  'fixed_deposit',
  'Move money you already hold into a fixed deposit',
);

function Row({ method, available }: { method: Method; available: boolean }) {
  const Icon = method.icon;
  const body = (
    <>
      <span
        className={`rounded-full p-3 ${available ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-50' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400'}`}
      >
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{method.label}</span>
        <span className="block text-sm text-slate-700 dark:text-slate-300">
          {available ? method.sub : NOT_AVAILABLE}
        </span>
      </span>
      {available && <ChevronRight aria-hidden="true" className="h-5 w-5 text-slate-500" />}
    </>
  );
  const frame = 'flex min-h-16 items-center gap-4 rounded-xl p-3 ring-1';
  return (
    <li>
      {available && method.to ? (
        <Link
          to={method.to}
          className={`${frame} ring-slate-200 hover:ring-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600 dark:ring-slate-800`}
        >
          {body}
        </Link>
      ) : (
        <div className={`${frame} ring-slate-200 dark:ring-slate-800`}>{body}</div>
      )}
    </li>
  );
}

/** The methods of one section, each linked only where the customer's region has it. */
export function MethodList({ methods, title }: { methods: Method[]; title: string }) {
  const availability = useQuery(queries.availability());
  const headingId = useId();
  let body;
  if (availability.data) {
    const available = availability.data;
    body = (
      <ul className="flex flex-col gap-3">
        {methods.map((m) => (
          <Row
            key={m.label}
            method={m}
            available={Boolean(m.to) && (m.product === undefined || available[m.product] === true)}
          />
        ))}
      </ul>
    );
  } else if (availability.isError) {
    body = (
      <LoadFailed
        error={availability.error}
        retrying={availability.isFetching}
        onRetry={() => void availability.refetch()}
      />
    );
  } else {
    body = <Loading label="Loading the methods…" />;
  }
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}
