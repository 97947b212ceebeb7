import { parseDecimalAmount, type FixedDepositQuote, type FundingForms } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  dayMonthYear,
  money,
  percent,
  termWords,
  tidyAmount,
} from '../../components/funding/format';
import { errorMessage } from '../../lib/api';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { queries } from '../../lib/queries';

/** How long typing must pause before the quote is asked for. */
export const QUOTE_DELAY_MS = 400;

type Plan = FundingForms['fixedDepositPlans'][number];

export interface PlanQuoteState {
  plan: Plan | undefined;
  quote: FixedDepositQuote | undefined;
  /** The server's objection to the amount for this plan (e.g. below its minimum). */
  amountError: string | undefined;
  /** An amount has been typed for a chosen plan. */
  asking: boolean;
  /** A quote for what was just typed is on its way. */
  updating: boolean;
}

/**
 * What the chosen plan pays for the amount typed, by the server's rule (decision 0018), asked for
 * once typing pauses; the server's objection to the amount is for the amount field.
 */
export function usePlanQuote(forms: FundingForms, planId: string, typed: string): PlanQuoteState {
  const plan = forms.fixedDepositPlans.find((p) => p.id === planId);
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const amount = tidyAmount(settled);
  const minor = parseDecimalAmount(amount);
  const quoting = Boolean(plan) && minor !== null && minor > 0n;
  const quote = useQuery({
    ...queries.fixedDepositQuote(planId, amount),
    enabled: quoting,
    retry: false,
  });
  const typedAmount = parseDecimalAmount(tidyAmount(typed));
  const objection = fieldErrorsIn(quote.error, ['amount', 'query.amount']);
  return {
    plan,
    quote: quoting && !quote.isError ? quote.data : undefined,
    amountError:
      quoting && quote.isError
        ? (objection.amount ?? objection['query.amount'] ?? errorMessage(quote.error))
        : undefined,
    asking: Boolean(plan) && typedAmount !== null && typedAmount > 0n,
    updating: settled !== typed || quote.isFetching,
  };
}

/** The plan's terms, and once the server has answered, the interest and the maturity date. */
export function PlanQuote({ state, currency }: { state: PlanQuoteState; currency: string }) {
  const { plan, quote, amountError, asking, updating } = state;
  if (!plan) return null;
  const range =
    plan.maxAmount === null
      ? `from ${money(plan.minAmount, currency)}`
      : `${money(plan.minAmount, currency)} to ${money(plan.maxAmount, currency)}`;
  return (
    <div
      className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm dark:bg-slate-950"
      aria-busy={updating || undefined}
    >
      <CalendarClock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <div aria-live="polite" className="flex flex-col gap-1">
        <p>
          <strong>{plan.name}</strong>: {termWords(plan.termCount, plan.termUnit)} at{' '}
          {percent(plan.annualRateBp)} a year, {range}.
        </p>
        {quote ? (
          <p>
            Interest at maturity: <strong>{money(quote.interest, quote.currency)}</strong>, so{' '}
            {money(quote.total, quote.currency)} on{' '}
            <strong>{dayMonthYear(quote.maturityDate)}</strong> ({quote.termDays} days).
          </p>
        ) : amountError ? null : (
          <p className="text-slate-700 dark:text-slate-300">
            {asking && updating
              ? 'Working out the interest…'
              : 'Enter an amount to see the interest and the maturity date.'}
          </p>
        )}
      </div>
    </div>
  );
}
