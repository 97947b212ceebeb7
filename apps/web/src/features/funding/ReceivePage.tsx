import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../../components/ui/CopyButton';
import { cardClass } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { Toast, useToast } from '../../components/ui/Toast';
import { countryName } from '../../lib/countries';
import { queries } from '../../lib/queries';
import { Back, Page, PageIntro } from './layout';

/** One detail with its Copy button; "n/a" (nothing to copy) when it is not set. */
function DetailRow({
  label,
  value,
  onCopied,
}: {
  label: string;
  value: string | null;
  onCopied: (ok: boolean) => void;
}) {
  return (
    <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-slate-200 py-2 last:border-0 dark:border-slate-800">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 font-semibold break-all">
        {value ?? 'n/a'}
        {value && (
          <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} onResult={onCopied} />
        )}
      </dd>
    </div>
  );
}

/** add-funds/it (spec: Your Details): what an institution paying this customer needs. */
export function ReceivePage() {
  const details = useQuery(queries.receiveDetails());
  const { toast, show } = useToast();
  const onCopied = (ok: boolean) =>
    show(
      ok
        ? { text: 'Copied to clipboard', tone: 'success' }
        : { text: 'Could not copy', tone: 'error' },
    );
  let body;
  if (details.data) {
    const d = details.data;
    body = (
      <dl>
        <DetailRow label="Your Username" value={d.username} onCopied={onCopied} />
        <DetailRow label="Your Account Number" value={d.accountNumber} onCopied={onCopied} />
        <DetailRow label="Swift Code" value={d.swiftCode} onCopied={onCopied} />
        <DetailRow label="Routing Number" value={d.routingNumber} onCopied={onCopied} />
        <DetailRow
          label="Country"
          value={d.country ? countryName(d.country) : null}
          onCopied={onCopied}
        />
      </dl>
    );
  } else if (details.isError) {
    body = (
      <LoadFailed
        error={details.error}
        retrying={details.isFetching}
        onRetry={() => void details.refetch()}
      />
    );
  } else {
    body = <Loading label="Loading your details…" />;
  }
  return (
    <Page>
      <Back to="/dashboard/add-funds" label="Add funds" />
      <PageIntro title="Your Details">
        Give these details to an institution sending you money.
      </PageIntro>
      <section className={cardClass} aria-label="Your details">
        {body}
      </section>
      <Toast toast={toast} />
    </Page>
  );
}
