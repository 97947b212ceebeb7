import { formatDay, formatMoney, type StatementPage } from '@bank/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ArrowDownLeft,
  ArrowUpRight,
  FileSpreadsheet,
  FileText,
  ReceiptText,
  Scale,
} from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { cardClass } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { SkeletonText } from '../../components/ui/Skeleton';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { KEEP_FOCUS } from '../../lib/navigation-focus';
import { queries } from '../../lib/queries';
import { StatementCharts } from './StatementCharts';
import { StatementFilters } from './StatementFilters';
import { StatementFixedDeposits } from './StatementFixedDeposits';
import { StatementLines } from './StatementLines';
import {
  filterErrors,
  filtersFromParams,
  filtersQuery,
  isFiltered,
  NO_FILTERS,
  periodQuery,
  type StatementFilterValues,
} from './filters';

const day = (iso: string) => formatDay(iso);

/** "01/11/2026 – 24/11/2026", "From 01/11/2026", "All time". */
function periodLabel({ from, to }: StatementFilterValues): string {
  if (from && to) return `${day(from)} – ${day(to)}`;
  if (from) return `From ${day(from)}`;
  if (to) return `Up to ${day(to)}`;
  return 'All time';
}

function Figure({
  label,
  icon,
  children,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <span className="rounded-full bg-brand-50 p-1.5 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-lg font-bold tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * Opening and closing balances and the totals of the whole period (filters aside); without
 * `page` (on its way), placeholders where the figures go, so the page below does not move.
 */
function PeriodSummary({ page, filtered }: { page: StatementPage | undefined; filtered: boolean }) {
  const money = (pick: (period: StatementPage['period']) => string) =>
    page ? (
      formatMoney(BigInt(pick(page.period)), page.currency)
    ) : (
      <SkeletonText className="w-28" />
    );
  const icon = 'h-4 w-4';
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="Opening balance" icon={<Scale aria-hidden="true" className={icon} />}>
          {money((p) => p.opening)}
        </Figure>
        <Figure label="Money in" icon={<ArrowDownLeft aria-hidden="true" className={icon} />}>
          {money((p) => p.totalIn)}
        </Figure>
        <Figure label="Money out" icon={<ArrowUpRight aria-hidden="true" className={icon} />}>
          {money((p) => p.totalOut)}
        </Figure>
        <Figure label="Closing balance" icon={<Scale aria-hidden="true" className={icon} />}>
          {money((p) => p.closing)}
        </Figure>
      </dl>
      {filtered && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          These figures cover the whole period; the lines below are the ones your filters match.
        </p>
      )}
    </div>
  );
}

const DOWNLOADS = [
  { format: 'csv', label: 'Download CSV', icon: FileSpreadsheet },
  { format: 'pdf', label: 'Download PDF', icon: FileText },
] as const;

/** CSV and PDF of the chosen period and filters, made by the server. */
function Downloads({ query }: { query: string }) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function download(format: 'csv' | 'pdf') {
    setBusy(format);
    setError(null);
    try {
      await downloadFile(
        `/api/v1/statements/export.${format}${query ? `?${query}` : ''}`,
        `statement.${format}`,
      );
    } catch (failure) {
      setError(errorMessage(failure, 'The download failed. Please try again.'));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {DOWNLOADS.map(({ format, label, icon: Icon }) => (
          <Button
            key={format}
            variant="secondary"
            loading={busy === format}
            disabled={busy !== null}
            onClick={() => void download(format)}
          >
            <Icon aria-hidden="true" className="h-5 w-5" />
            {label}
          </Button>
        ))}
      </div>
      {error && <Banner tone="error">{error}</Banner>}
    </div>
  );
}

function EmptyStatement({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <ReceiptText aria-hidden="true" className="h-10 w-10 text-slate-400" />
      <p className="font-semibold">No Transaction History</p>
      {filtered ? (
        <>
          <p className="max-w-sm text-slate-700 dark:text-slate-300">
            Nothing in this period matches your filters.
          </p>
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <p className="max-w-sm text-slate-700 dark:text-slate-300">
            Money you add, send or receive shows here, with your balance after each line.
          </p>
          <ButtonLink to="/dashboard/add-funds">Add funds</ButtonLink>
        </>
      )}
    </div>
  );
}

/** The lines of the statement, a page at a time, with the period's figures above them. */
function Statement({ applied, onClear }: { applied: StatementFilterValues; onClear: () => void }) {
  const query = filtersQuery(applied);
  const statement = useInfiniteQuery(queries.statement(query));
  const headingId = useId();
  const filtered = isFiltered(applied);
  const lines = useMemo(
    () => statement.data?.pages.flatMap((page) => page.items) ?? [],
    [statement.data],
  );
  const first = statement.data?.pages[0];
  /** After "Show older lines", the first of them takes the focus (the button may be gone). */
  const [firstNewRow, setFirstNewRow] = useState<number | null>(null);

  let body;
  if (statement.isPending) body = <Loading label="Loading your statement…" />;
  else if (statement.isError) {
    body = (
      <LoadFailed
        error={statement.error}
        retrying={statement.isFetching}
        onRetry={() => void statement.refetch()}
      />
    );
  } else if (lines.length === 0) {
    body = <EmptyStatement filtered={filtered} onClear={onClear} />;
  } else {
    body = (
      <>
        <StatementLines lines={lines} focusRow={firstNewRow} />
        {statement.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            loading={statement.isFetchingNextPage}
            onClick={() => {
              const shown = lines.length;
              void statement.fetchNextPage().then(() => setFirstNewRow(shown));
            }}
          >
            Show older lines
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      {(first || statement.isPending) && (
        <section aria-label="Period summary" className={cardClass}>
          <PeriodSummary page={first} filtered={filtered} />
        </section>
      )}
      <StatementCharts period={periodQuery(applied)} />
      <section
        aria-labelledby={headingId}
        aria-busy={statement.isPlaceholderData || undefined}
        className={`${cardClass} transition-opacity ${statement.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-bold">
              Transactions
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {periodLabel(applied)}
              {statement.isPlaceholderData
                ? ' · Updating…'
                : statement.isSuccess &&
                  ` · ${lines.length}${statement.hasNextPage ? '+' : ''} ${lines.length === 1 ? 'line' : 'lines'}`}
            </p>
          </div>
          {lines.length > 0 && <Downloads query={query} />}
        </div>
        {body}
      </section>
    </>
  );
}

/**
 * Statements & Report (spec "statements"): the ledger's lines with the balance after each,
 * newest first, filtered by period, direction, amount and description; the period's opening and
 * closing balances and totals; charts of the balance and of monthly money in and out; and the
 * same statement as CSV or PDF; and the customer's fixed deposits. The filters live in the
 * address, so a reload keeps them.
 */
export function StatementsPage() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFromParams(params);
  const valid = Object.keys(filterErrors(applied)).length === 0;
  const apply = (values: StatementFilterValues) =>
    setParams(new URLSearchParams(filtersQuery(values)), { state: KEEP_FOCUS });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <PageHeading title="Statements & Report" />
        <p className="text-slate-700 dark:text-slate-300">
          Every transaction on your account, with your balance after each one. Days and times are in
          UTC, as on your downloaded statements.
        </p>
      </div>
      <section aria-label="Filters" className={cardClass}>
        <StatementFilters applied={applied} onApply={apply} />
      </section>
      {valid ? (
        <Statement applied={applied} onClear={() => apply(NO_FILTERS)} />
      ) : (
        <Banner tone="warning">Correct the filters above to see your statement.</Banner>
      )}
      <StatementFixedDeposits />
    </div>
  );
}
