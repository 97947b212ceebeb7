import { statementFilterSchema } from '@bank/contract';

/** The Statements & Report filters as the form holds them: text, empty meaning "any". */
export interface StatementFilterValues {
  /** First day of the period, YYYY-MM-DD (a UTC day, as the server counts them). */
  from: string;
  /** Last day of the period, included. */
  to: string;
  type: '' | 'credit' | 'debit';
  /** Smallest and largest amount, in the account's currency ("25" or "25.50"). */
  min: string;
  max: string;
  /** Words of the description. */
  q: string;
}

export const NO_FILTERS: StatementFilterValues = {
  from: '',
  to: '',
  type: '',
  min: '',
  max: '',
  q: '',
};

const NAMES = Object.keys(NO_FILTERS) as (keyof StatementFilterValues)[];

/** The filters in the page's address (so a reload or a shared link keeps them). */
export function filtersFromParams(params: URLSearchParams): StatementFilterValues {
  const type = params.get('type');
  return {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    type: type === 'credit' || type === 'debit' ? type : '',
    min: params.get('min') ?? '',
    max: params.get('max') ?? '',
    q: params.get('q') ?? '',
  };
}

/** The filters that are set, as a query string: the same for the page, the API and downloads. */
export function filtersQuery(values: StatementFilterValues): string {
  const params = new URLSearchParams();
  for (const name of NAMES) {
    const value =
      name === 'min' || name === 'max' ? plainAmount(values[name]) : values[name].trim();
    if (value) params.set(name, value);
  }
  return params.toString();
}

/** An amount as typed ("1,500.00", "$ 25") as the API reads it ("1500.00", "25"). */
function plainAmount(typed: string): string {
  return typed
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
}

/** Only the period: what the charts depend on. */
export function periodQuery(values: StatementFilterValues): string {
  return filtersQuery({ ...NO_FILTERS, from: values.from, to: values.to });
}

/** Whether anything narrows the statement. */
export function isFiltered(values: StatementFilterValues): boolean {
  return filtersQuery(values) !== '';
}

/**
 * What is wrong with the filters, field by field, by the contract's own rules (the server
 * applies the same ones): nothing is asked of the server until they hold.
 */
export function filterErrors(values: StatementFilterValues): Record<string, string> {
  const set = Object.fromEntries(new URLSearchParams(filtersQuery(values)));
  const result = statementFilterSchema.safeParse(set);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'q');
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

/** YYYY-MM-DD of a moment, in UTC: the days the server counts in. */
function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Common periods, each ending today. */
export const PERIOD_PRESETS: readonly {
  label: string;
  period: (today: Date) => Pick<StatementFilterValues, 'from' | 'to'>;
}[] = [
  {
    label: 'Last 30 days',
    period: (today) => ({
      from: utcDay(new Date(today.getTime() - 29 * 86_400_000)),
      to: utcDay(today),
    }),
  },
  {
    label: 'Last 3 months',
    period: (today) => {
      const start = new Date(today);
      start.setUTCMonth(start.getUTCMonth() - 3);
      return { from: utcDay(new Date(start.getTime() + 86_400_000)), to: utcDay(today) };
    },
  },
  {
    label: 'This year',
    period: (today) => ({ from: `${today.getUTCFullYear()}-01-01`, to: utcDay(today) }),
  },
  { label: 'All time', period: () => ({ from: '', to: '' }) },
];
