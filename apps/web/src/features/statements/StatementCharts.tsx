import { formatDay, formatMoney, type StatementChart } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { ChartNoAxesCombined } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { cardClass } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/QueryStatus';
import { LoadingStatus, SkeletonBlock, SkeletonText } from '../../components/ui/Skeleton';
import { queries } from '../../lib/queries';

/** A chart's day (its time in ms, a UTC midnight) in the app's one date style. */
const chartDay = (time: number | Date) => formatDay(new Date(time), 'UTC');
const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Colours from styles.css (--chart-*), which change with the colour scheme. */
const COLOURS = {
  balance: 'var(--chart-balance)',
  moneyIn: 'var(--chart-in)',
  moneyOut: 'var(--chart-out)',
  grid: 'var(--chart-grid)',
  text: 'var(--chart-text)',
};
const tick = { fill: COLOURS.text, fontSize: 12 };

/**
 * Minor units as a number of whole units, for drawing only: the chart's scale needs numbers,
 * and a pixel does not need more precision than a double has. Every figure a person reads
 * (tooltips, the tables) is formatted from the exact minor units.
 */
function drawable(minor: string, currency: string): number {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return Number(minor) / 10 ** (digits ?? 2);
}

function compactMoney(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

const BALANCE = {
  title: 'Balance over time',
  description: 'Your balance at the end of each day with a transaction.',
};
const MONTHLY = {
  title: 'Money in and out',
  description: 'What came in and what went out, month by month.',
};

const utcTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The figures behind a chart: a first column that names the row, then amounts. */
function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; label: string; amounts: string[] }[];
}) {
  const th = 'px-2 py-2 font-semibold';
  const td = 'px-2 py-1.5 tabular-nums';
  return (
    <table className="w-full">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          {columns.map((column, i) => (
            <th
              key={column}
              scope="col"
              className={`${th} ${i === 0 ? 'text-left' : 'text-right'}`}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100 dark:border-slate-800">
            <td className={td}>{row.label}</td>
            {row.amounts.map((amount, i) => (
              <td key={columns[i + 1]} className={`${td} text-right`}>
                {amount}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A chart and the same figures as a table, for those who would rather read them. */
function ChartCard({
  text,
  table,
  children,
}: {
  text: { title: string; description: string };
  /** The figures; none while they are on their way (a placeholder keeps the line's room). */
  table?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} flex min-w-0 flex-col gap-3`}>
      <div>
        <h2 id={headingId} className="text-lg font-bold">
          {text.title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{text.description}</p>
      </div>
      {/* The chart is keyboard-reachable (arrow keys move its tooltip) and named by its title. */}
      <div className="h-64 min-w-0">{children}</div>
      {table === undefined ? (
        <p className="text-sm font-semibold">
          <SkeletonText className="w-56" />
        </p>
      ) : (
        <details className="group text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700 dark:text-brand-50">
            Show the figures as a table
          </summary>
          {/* Scrolls when long: focusable so that a keyboard can scroll it too. */}
          <div
            tabIndex={0}
            role="region"
            aria-label={`${text.title}, figures`}
            className="mt-3 max-h-80 overflow-auto"
          >
            {table}
          </div>
        </details>
      )}
    </section>
  );
}

/** What both charts share: size, name and description, margins. */
const chartProps = (text: { title: string; description: string }) => ({
  responsive: true,
  title: text.title,
  desc: text.description,
  style: { width: '100%', height: '100%' },
  margin: { top: 8, right: 8, bottom: 0, left: 0 },
});

/** The amounts axis, in compact money ("$1.5K"). */
const moneyAxis = (currency: string) => ({
  tick,
  stroke: COLOURS.grid,
  width: 64,
  tickFormatter: (v: number) => compactMoney(v, currency),
});

function BalanceChart({ data }: { data: StatementChart }) {
  const { currency } = data;
  const points = data.days.map((d) => ({
    time: utcTime(d.day),
    balance: drawable(d.balance, currency),
    minor: d.balance,
  }));
  return (
    <ChartCard
      text={BALANCE}
      table={
        <FiguresTable
          caption="Balance at the end of each day"
          columns={['Day', 'Balance']}
          rows={data.days.map((d) => ({
            key: d.day,
            label: chartDay(utcTime(d.day)),
            amounts: [formatMoney(BigInt(d.balance), currency)],
          }))}
        />
      }
    >
      <AreaChart data={points} {...chartProps(BALANCE)}>
        <CartesianGrid stroke={COLOURS.grid} vertical={false} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tick={tick}
          stroke={COLOURS.grid}
          tickFormatter={(t: number) => chartDay(t)}
          minTickGap={24}
        />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip
          labelFormatter={(t) => chartDay(Number(t))}
          formatter={(_value, _name, item) => [
            formatMoney(BigInt((item.payload as { minor: string }).minor), currency),
            'Balance',
          ]}
        />
        <Area
          type="stepAfter"
          dataKey="balance"
          name="Balance"
          stroke={COLOURS.balance}
          strokeWidth={2}
          fill={COLOURS.balance}
          fillOpacity={0.15}
          isAnimationActive={false}
        />
      </AreaChart>
    </ChartCard>
  );
}

function MonthlyChart({ data }: { data: StatementChart }) {
  const { currency } = data;
  const bars = data.months.map((m) => ({
    month: monthFormat.format(utcTime(`${m.month}-01`)),
    moneyIn: drawable(m.moneyIn, currency),
    moneyOut: drawable(m.moneyOut, currency),
    minorIn: m.moneyIn,
    minorOut: m.moneyOut,
  }));
  const bar = {
    radius: [4, 4, 0, 0] as [number, number, number, number],
    isAnimationActive: false,
  };
  return (
    <ChartCard
      text={MONTHLY}
      table={
        <FiguresTable
          caption="Money in and out by month"
          columns={['Month', 'Money in', 'Money out']}
          rows={bars.map((m) => ({
            key: m.month,
            label: m.month,
            amounts: [
              formatMoney(BigInt(m.minorIn), currency),
              formatMoney(BigInt(m.minorOut), currency),
            ],
          }))}
        />
      }
    >
      <BarChart data={bars} {...chartProps(MONTHLY)}>
        <CartesianGrid stroke={COLOURS.grid} vertical={false} />
        <XAxis dataKey="month" tick={tick} stroke={COLOURS.grid} />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip
          cursor={{ fill: COLOURS.grid, fillOpacity: 0.4 }}
          formatter={(_value, name, item) => {
            const row = item.payload as { minorIn: string; minorOut: string };
            const minor = name === 'Money in' ? row.minorIn : row.minorOut;
            return [formatMoney(BigInt(minor), currency), name];
          }}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Bar dataKey="moneyIn" name="Money in" fill={COLOURS.moneyIn} {...bar} />
        <Bar dataKey="moneyOut" name="Money out" fill={COLOURS.moneyOut} {...bar} />
      </BarChart>
    </ChartCard>
  );
}

/** The period's charts: balance over time and monthly money in and out, each with a table. */
export function StatementCharts({ period }: { period: string }) {
  const chart = useQuery(queries.statementChart(period));
  if (chart.isPending) {
    // The two cards as they will be, the charts' fixed height kept: nothing below moves.
    return (
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <LoadingStatus label="Loading charts…" />
        <ChartCard text={BALANCE}>
          <SkeletonBlock className="h-full w-full rounded-lg" />
        </ChartCard>
        <ChartCard text={MONTHLY}>
          <SkeletonBlock className="h-full w-full rounded-lg" />
        </ChartCard>
      </div>
    );
  }
  if (chart.isError) {
    return (
      <div className={cardClass}>
        <LoadFailed
          error={chart.error}
          retrying={chart.isFetching}
          onRetry={() => void chart.refetch()}
        />
      </div>
    );
  }
  if (chart.data.days.length === 0) {
    return (
      <div className={`${cardClass} flex items-center gap-3 text-slate-700 dark:text-slate-300`}>
        <ChartNoAxesCombined aria-hidden="true" className="h-6 w-6 shrink-0 text-slate-400" />
        <p>Charts appear here once the period has transactions.</p>
      </div>
    );
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <BalanceChart data={chart.data} />
      <MonthlyChart data={chart.data} />
    </div>
  );
}
