import { Download } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { formatDayTime } from '../../lib/format';

/** "21/11/2026, 15:04": the spec's day/month/year, with the time (the app's one style). */
export function when(iso: string): string {
  return formatDayTime(iso);
}

/** Label and value pairs, as a description list. */
export function DetailList({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="flex flex-col gap-3">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-6">
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Downloads the PDF receipt the server makes (with its verification reference). */
export function ReceiptButton({ path }: { path: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, 'receipt.pdf');
    } catch (failure) {
      setError(errorMessage(failure, 'The receipt could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button loading={busy} onClick={() => void download()}>
        <Download aria-hidden="true" className="h-5 w-5" />
        Download receipt
      </Button>
      {error && (
        <div className="basis-full">
          <Banner tone="error">{error}</Banner>
        </div>
      )}
    </>
  );
}
