import {
  cryptoRateInputSchema,
  cryptoTypeSchema,
  formatPerCoin,
  type CryptoType,
} from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { api, errorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';
import { utcTime } from '../shared/CheckVerdict';
import { CatalogEntryForm } from './CatalogEntryForm';
import type { FieldSpec } from './catalog-fields';
import { StatusMessage } from './StatusMessage';

const fieldsIn = (currency: string): readonly FieldSpec[] => [
  {
    name: 'perCoin',
    label: `Price of one coin (${currency})`,
    kind: 'text',
    maxLength: 40,
    hint: 'What one whole coin is worth now, e.g. 65000.50',
  },
  {
    name: 'symbol',
    label: 'Ticker',
    kind: 'text',
    maxLength: 10,
    hint: 'As wallets show it, e.g. BTC',
  },
  {
    name: 'decimals',
    label: 'Decimals',
    kind: 'whole',
    hint: 'How many decimals the coin is sent with: 8 for BTC, 6 for USDT',
  },
];

const pathOf = (id: string) => `/api/v1/staff/catalog/crypto-types/${encodeURIComponent(id)}/rate`;

/**
 * A crypto type's rate (decision 27): what one coin is worth, so that customers' crypto forms say
 * how much of it to send, with the rate's time. One staff member sets, changes or removes it, at
 * once and audited (it moves no money: what is credited is what staff confirm arrived).
 */
export function CryptoRateControl({ entry }: { entry: CryptoType }) {
  const currency = entry.currency;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  // The live region is put in the page once the rate is touched (before anything is said in it),
  // so that a list of types does not carry one empty region per type.
  const [touched, setTouched] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const backToOpener = useRef(false);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown> | null) =>
      api(body ? 'PUT' : 'DELETE', pathOf(entry.id), {
        ...(body ? { body } : {}),
        schema: cryptoTypeSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staffCryptoTypes }),
  });

  useEffect(() => {
    if (editing || !backToOpener.current) return;
    backToOpener.current = false;
    opener.current?.focus();
  }, [editing]);

  const close = () => {
    backToOpener.current = true;
    setEditing(false);
    save.reset();
  };

  const rate = entry.rate;
  if (editing) {
    return (
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold text-slate-900 dark:text-slate-50">Rate of {entry.name}</h3>
        <CatalogEntryForm
          label={`Rate of ${entry.name}`}
          fields={fieldsIn(currency)}
          schema={cryptoRateInputSchema}
          initial={{
            perCoin: rate?.perCoin ?? '',
            symbol: rate?.symbol ?? '',
            decimals: rate ? String(rate.decimals) : '',
          }}
          submitLabel="Save rate"
          pending={save.isPending}
          serverError={save.error}
          focusFirst
          onCancel={close}
          onSubmit={(body) =>
            save.mutate(body, {
              onSuccess: () => {
                setSaid(`The rate of ${entry.name} is saved: customers see it now.`);
                close();
              },
            })
          }
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {touched && <StatusMessage>{said}</StatusMessage>}
      <p>
        {rate ? (
          <>
            Rate: 1 {rate.symbol} = {formatPerCoin(rate.perCoin, currency)}, sent with{' '}
            {rate.decimals} decimals; set {utcTime(rate.setAt)}
          </>
        ) : (
          'No rate: customers see no coin amount.'
        )}
      </p>
      {save.isError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          ref={opener}
          variant="secondary"
          aria-label={`${rate ? 'Change rate' : 'Set rate'} of ${entry.name}`}
          onClick={() => {
            setSaid(null);
            setTouched(true);
            save.reset();
            setEditing(true);
          }}
        >
          {rate ? 'Change rate' : 'Set rate'}
        </Button>
        {rate && (
          <Button
            variant="secondary"
            aria-label={`Remove rate of ${entry.name}`}
            loading={save.isPending}
            onClick={() => {
              setSaid(null);
              setTouched(true);
              save.mutate(null, {
                onSuccess: () =>
                  setSaid(`The rate of ${entry.name} is removed: customers see no coin amount.`),
              });
            }}
          >
            Remove rate
          </Button>
        )}
      </div>
    </div>
  );
}
