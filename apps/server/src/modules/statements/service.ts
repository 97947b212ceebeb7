import {
  formatMoney,
  STATEMENT_EXPORT_MAX_LINES,
  type StatementChart,
  type StatementFilter,
  type StatementPage,
  personName,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import {
  getBalance,
  getBalanceSeries,
  getHistory,
  getPeriodSummary,
  type HistoryFilter,
  type HistoryItem,
} from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { currentAccountId, withStatuses } from '../accounts/index.js';
import { asSeenByAccount } from '../transfers/index.js';
import { fixedDepositsForStatement, type StatementFixedDeposit } from '../fixed-deposits/index.js';
import { bankLetterhead } from '../catalog/index.js';
import { postalAddressOf } from '../profile/index.js';
import { users } from '../users/index.js';

const DAY_MS = 24 * 60 * 60_000;
/** The ledger's largest page. */
const EXPORT_PAGE = 200;

/** The filter's whole days as moments: from the start of `from` to the end of `to` (UTC). */
function periodOf(filter: StatementFilter, now: Date) {
  const from = filter.from ? new Date(`${filter.from}T00:00:00Z`) : new Date(0);
  const to = filter.to
    ? new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS)
    : new Date(now.getTime() + 1);
  return { from, to };
}

function historyFilter(filter: StatementFilter, period: { from: Date; to: Date }): HistoryFilter {
  return {
    from: period.from,
    to: period.to,
    direction: filter.type,
    minAmount: filter.min,
    maxAmount: filter.max,
    text: filter.q || undefined,
  };
}

async function account(deps: AppDeps, userId: bigint) {
  const accountId = await currentAccountId(deps, userId);
  return { accountId, ownerId: userId };
}

/**
 * Statements & Report: the lines of the chosen period and filters, newest first, each with the
 * balance after it, and the period's opening and closing balances and totals (over every line
 * of the period: opening + in - out = closing).
 */
export async function statement(
  deps: AppDeps,
  userId: bigint,
  filter: StatementFilter,
  page: { limit: number; cursor?: string | undefined },
): Promise<StatementPage> {
  const scope = await account(deps, userId);
  const period = periodOf(filter, deps.clock.now());
  const [history, summary, balance] = await Promise.all([
    getHistory(deps.db, scope, { ...page, filter: historyFilter(filter, period) }),
    getPeriodSummary(deps.db, scope, period),
    getBalance(deps.db, scope),
  ]);
  return {
    items: await withStatuses(deps, history.items),
    nextCursor: history.nextCursor,
    period: {
      from: filter.from ?? null,
      to: filter.to ?? null,
      opening: String(summary.opening),
      closing: String(summary.closing),
      totalIn: String(summary.totalIn),
      totalOut: String(summary.totalOut),
    },
    currency: balance.currency,
  };
}

export async function chart(
  deps: AppDeps,
  userId: bigint,
  filter: StatementFilter,
): Promise<StatementChart> {
  const scope = await account(deps, userId);
  const period = periodOf(filter, deps.clock.now());
  const [series, balance] = await Promise.all([
    getBalanceSeries(deps.db, scope, period),
    getBalance(deps.db, scope),
  ]);
  return {
    currency: balance.currency,
    days: series.days.map((d) => ({ day: d.day, balance: String(d.balance) })),
    months: series.months.map((m) => ({
      month: m.month,
      moneyIn: String(m.moneyIn),
      moneyOut: String(m.moneyOut),
    })),
  };
}

export interface StatementExport {
  /** The bank's name and postal address (staff keep it with the institution details). */
  bank: { name: string; postalAddress: string | null };
  customer: string;
  /** The customer's address as their profile says, line by line (none: empty). */
  customerAddress: string[];
  /** When the statement was made (ISO 8601). */
  issuedAt: string;
  accountNumber: string;
  currency: string;
  from: string;
  to: string;
  opening: bigint;
  closing: bigint;
  totalIn: bigint;
  totalOut: bigint;
  /** Oldest first, as a statement reads. */
  lines: HistoryItem<bigint>[];
  /**
   * The filters that leave lines out, in words (Debit only, Description contains "rent");
   * empty when none. With any, opening + lines need not equal closing.
   */
  filters: string[];
  /** The day the statement was made: the fixed deposits are shown as they stand then. */
  asOf: string;
  /** The fixed deposits held during the period, oldest first (their own accounts). */
  fixedDeposits: StatementFixedDeposit[];
}

/** The filters beyond the period, as a statement names them. */
function describeFilters(filter: StatementFilter, currency: string): string[] {
  const words: string[] = [];
  if (filter.type) words.push(filter.type === 'credit' ? 'Credit only' : 'Debit only');
  if (filter.min !== undefined) words.push(`Amount from ${formatMoney(filter.min, currency)}`);
  if (filter.max !== undefined) words.push(`Amount up to ${formatMoney(filter.max, currency)}`);
  if (filter.q) words.push(`Description contains "${filter.q}"`);
  return words;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** An address as it is printed: its lines, then the country's name. */
export function addressLines(address: { homeAddress: string | null; country: string | null }) {
  const lines = (address.homeAddress ?? '')
    .split(/\r?\n|,\s*/)
    .map((line) => line.trim())
    .filter(Boolean);
  const country = address.country ? REGION_NAMES.of(address.country) : undefined;
  return country ? [...lines, country] : lines;
}

/** Everything an exported statement holds, for CSV and PDF alike. */
export async function statementForExport(
  deps: AppDeps,
  userId: bigint,
  filter: StatementFilter,
): Promise<StatementExport> {
  const scope = await account(deps, userId);
  const now = deps.clock.now();
  const period = periodOf(filter, now);
  const today = now.toISOString().slice(0, 10);
  const [summary, balance, user, fixedDeposits, bank, address] = await Promise.all([
    getPeriodSummary(deps.db, scope, period),
    getBalance(deps.db, scope),
    users.findUserById(deps.db, userId),
    fixedDepositsForStatement(deps.db, userId, {
      from: filter.from ?? null,
      to: filter.to ?? today,
    }),
    bankLetterhead(deps.db),
    postalAddressOf(deps.db, userId),
  ]);
  // Read in the ledger's pages, newest first, up to the export's limit.
  const items: HistoryItem<bigint>[] = [];
  let cursor: string | undefined;
  do {
    const page = await getHistory(deps.db, scope, {
      limit: EXPORT_PAGE,
      cursor,
      filter: historyFilter(filter, period),
    });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    if (
      items.length > STATEMENT_EXPORT_MAX_LINES ||
      (cursor && items.length === STATEMENT_EXPORT_MAX_LINES)
    ) {
      throw new AppError(
        'UNPROCESSABLE',
        `This period has more than ${STATEMENT_EXPORT_MAX_LINES} lines. Choose a shorter period.`,
      );
    }
  } while (cursor);
  const history = { items };
  const filters = describeFilters(filter, balance.currency);
  // Without a start date the statement runs from the account's first line; with filters, the
  // oldest matching line is not that, so the period then starts at the account's opening.
  const firstDay = filters.length === 0 ? history.items.at(-1)?.createdAt : undefined;
  return {
    bank,
    customer: user ? personName(user) : '',
    customerAddress: addressLines(address),
    issuedAt: now.toISOString(),
    accountNumber: balance.accountNumber,
    currency: balance.currency,
    from: filter.from ?? (firstDay ? firstDay.toISOString().slice(0, 10) : 'opening'),
    to: filter.to ?? today,
    opening: summary.opening,
    closing: summary.closing,
    totalIn: summary.totalIn,
    totalOut: summary.totalOut,
    lines: await asSeenByAccount(deps.db, [...history.items].reverse()),
    filters,
    asOf: today,
    fixedDeposits,
  };
}
