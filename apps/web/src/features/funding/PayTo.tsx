import type { FundingForms } from '@bank/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { Toast, useToast } from '../../components/ui/Toast';

type CryptoType = FundingForms['cryptoTypes'][number];

/** The address as a QR code (an SVG drawn here, no network), for a wallet app to scan. */
function AddressQr({ address, name }: { address: string; name: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setQr(null);
      });
    return () => {
      live = false;
    };
  }, [address]);
  if (!qr) return null;
  return (
    <img
      src={qr}
      alt={`QR code of the ${name} address`}
      width={128}
      height={128}
      className="h-32 w-32 shrink-0 self-center rounded-lg bg-white p-1 sm:self-start"
    />
  );
}

/**
 * A read-only address, shown whole (wrapped, never cut off on a phone), with its Copy button.
 */
function AddressField({
  label,
  address,
  hint,
  onCopied,
}: {
  label: string;
  address: string;
  hint?: string | undefined;
  onCopied: (ok: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <TextAreaField
        label={label}
        value={address}
        readOnly
        rows={2}
        hint={hint}
        spellCheck={false}
        className="resize-none font-mono text-sm break-all [field-sizing:content]"
      />
      <div className="self-end">
        <CopyButton text={address} label={`Copy ${label.toLowerCase()}`} onResult={onCopied} />
      </div>
    </div>
  );
}

/**
 * Where to pay for the chosen type (spec: a read-only Address with a Copy button), with its
 * network, the second address if staff gave one, and a QR code of the address.
 */
export function PayTo({ type }: { type: CryptoType }) {
  const { toast, show } = useToast();
  const copied = (ok: boolean) =>
    show(
      ok
        ? { text: 'Copied to clipboard', tone: 'success' }
        : { text: 'Could not copy', tone: 'error' },
    );
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-start dark:bg-slate-950">
      <AddressQr address={type.address} name={type.name} />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <AddressField
          label="Address"
          address={type.address}
          hint={type.network ? `Network: ${type.network}` : undefined}
          onCopied={copied}
        />
        {type.address2 && (
          <AddressField label="Second address" address={type.address2} onCopied={copied} />
        )}
      </div>
      <Toast toast={toast} />
    </div>
  );
}
