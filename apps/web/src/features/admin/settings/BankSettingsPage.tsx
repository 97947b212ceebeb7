import { formatMoney, MAX_DECISION_MINOR_UNITS, type DualControlSettings } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors, fieldErrorsIn } from '../../../lib/apply-field-errors';
import { linkClass, When } from '../shared/cells';
import { panelClass } from '../shared/panel';
import { proposalHref } from '../shared/second-person';
import { dualControlQuery, thresholdFormSchema, useProposeThreshold } from './api';

/**
 * `/admin/settings`: the bank's settings an administrator changes (staff.manage). The
 * dual-control threshold is changed only by a proposal that another administrator approves
 * under Approvals (decision 21); this page shows it, a change waiting, and the proposal form.
 */
export function BankSettingsPage() {
  const settings = useQuery(dualControlQuery());
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Bank settings" />
      {settings.isPending ? (
        <Loading label="Loading the bank settings…" />
      ) : settings.isError ? (
        <LoadFailed
          error={settings.error}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <DualControl settings={settings.data} />
      )}
    </div>
  );
}

function DualControl({ settings }: { settings: DualControlSettings }) {
  const id = useId();
  const money = (minor: string | bigint) => formatMoney(BigInt(minor), settings.currency);
  const [proposed, setProposed] = useState<{ id: string; text: string } | null>(null);
  return (
    <section aria-labelledby={id} className={`${panelClass} flex flex-col gap-4`}>
      <h2 id={id} className="text-lg font-semibold">
        Dual-control threshold
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        A funding confirmation or a transfer refund of at least this amount, and any confirmation
        above what the customer claimed, waits for a second staff member with the same permission.
        Below it, one person decides.
      </p>
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium">Threshold now</dt>
        <dd className="text-xl font-semibold tabular-nums">{money(settings.threshold)}</dd>
        <dt className="font-medium">Last changed</dt>
        <dd>
          {settings.updatedAt ? (
            <>
              <When iso={settings.updatedAt} />
              {settings.updatedBy ? `, approved by ${settings.updatedBy}` : ''}
            </>
          ) : (
            'Never: the starting value'
          )}
        </dd>
      </dl>
      {proposed && (
        <Banner tone="info">
          <strong>Waiting for a second administrator.</strong> {proposed.text}{' '}
          <Link to={proposalHref(proposed.id)} className={linkClass}>
            Open proposal {proposed.id}
          </Link>
        </Banner>
      )}
      {settings.pending ? (
        <div className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100">
          <h3 className="font-semibold">A change waits for a second administrator</h3>
          <p className="mt-1">
            {money(settings.pending.threshold)}, proposed by {settings.pending.proposedBy} on{' '}
            <When iso={settings.pending.proposedAt} />. Until another administrator approves it, the
            threshold stays {money(settings.threshold)}; a new change can be proposed once it is
            decided.
          </p>
          <p className="mt-2">
            <Link to={proposalHref(settings.pending.id)} className={linkClass}>
              Open proposal {settings.pending.id}
            </Link>
          </p>
        </div>
      ) : (
        <ProposeForm
          current={settings.threshold}
          currency={settings.currency}
          onProposed={(approvalId, threshold) =>
            setProposed({
              id: approvalId,
              text: `Changing the threshold to ${money(threshold)} was proposed: it applies once another administrator approves it.`,
            })
          }
        />
      )}
    </section>
  );
}

function ProposeForm({
  current,
  currency,
  onProposed,
}: {
  current: string;
  currency: string;
  onProposed: (approvalId: string, threshold: bigint) => void;
}) {
  const propose = useProposeThreshold();
  const form = useForm({
    resolver: zodResolver(thresholdFormSchema),
    defaultValues: { threshold: '', reason: '' },
  });
  const onSubmit = form.handleSubmit(({ threshold, reason }) => {
    if (threshold === BigInt(current)) {
      form.setError('threshold', {
        type: 'same',
        message: 'That is the threshold already: nothing to change',
      });
      return;
    }
    propose.mutate(
      { threshold, reason },
      {
        onSuccess: (done) => {
          form.reset();
          onProposed(done.approvalId, threshold);
        },
        onError: (error) => applyFieldErrors(error, ['threshold', 'reason'], form.setError),
      },
    );
  });
  const unplaced =
    propose.error && Object.keys(fieldErrorsIn(propose.error, ['threshold', 'reason'])).length === 0
      ? errorMessage(propose.error)
      : null;
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-4">
      <h3 className="font-semibold">Propose a new threshold</h3>
      {unplaced && <Banner tone="error">{unplaced}</Banner>}
      <TextField
        label="New threshold"
        required
        inputMode="decimal"
        autoComplete="off"
        hint={`In ${currency}, more than zero and at most ${formatMoney(MAX_DECISION_MINOR_UNITS, currency)}. Another administrator must approve it.`}
        error={form.formState.errors.threshold?.message}
        {...form.register('threshold')}
      />
      <TextAreaField
        label="Reason"
        required
        maxLength={500}
        hint="The approving administrator reads it."
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div>
        <Button type="submit" loading={propose.isPending}>
          Propose the change
        </Button>
      </div>
    </form>
  );
}
