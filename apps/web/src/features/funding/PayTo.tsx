import type { FundingForms } from '@bank/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { TextField } from '../../components/ui/TextField';
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
        <TextField
          label="Address"
          value={type.address}
          readOnly
          className="font-mono text-sm"
          hint={type.network ? `Network: ${type.network}` : undefined}
          trailing={<CopyButton text={type.address} label="Copy address" onResult={copied} />}
        />
        {type.address2 && (
          <TextField
            label="Second address"
            value={type.address2}
            readOnly
            className="font-mono text-sm"
            trailing={
              <CopyButton text={type.address2} label="Copy second address" onResult={copied} />
            }
          />
        )}
      </div>
      <Toast toast={toast} />
    </div>
  );
}
