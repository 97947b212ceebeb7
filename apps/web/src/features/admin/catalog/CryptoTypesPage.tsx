import { cryptoTypeInputSchema, cryptoTypeSchema } from '@bank/contract';
import { queries } from '../../../lib/queries';
import type { FieldSpec } from './catalog-fields';
import { CryptoRateControl } from './CryptoRateControl';
import { FundingCatalogPage } from './FundingCatalogPage';

const FIELDS: readonly FieldSpec[] = [
  {
    name: 'name',
    label: 'Name',
    kind: 'text',
    maxLength: 60,
    hint: 'As customers see it, e.g. Bitcoin',
  },
  {
    name: 'address',
    label: 'Deposit address',
    kind: 'text',
    maxLength: 200,
    hint: 'Paste it: letters, digits and : . _ - only',
  },
  {
    name: 'network',
    label: 'Network label',
    kind: 'text',
    optional: true,
    maxLength: 40,
    hint: 'Optional, shown with the address, e.g. TRC-20',
  },
  {
    name: 'address2',
    label: 'Second address',
    kind: 'text',
    optional: true,
    maxLength: 200,
    hint: 'Optional, e.g. for another network',
  },
];

/** `/admin/catalog/crypto-types`: what customers pay with, and the addresses they pay to. */
export function CryptoTypesPage() {
  return (
    <FundingCatalogPage
      title="Crypto types"
      noun="crypto type"
      intro="The currencies customers can pay in, each with the address they pay to. A new type, a change of address or a retirement waits for a second person under Approvals; customers see the old address until it is approved, and past requests keep the address they were shown. A rate (what one coin is worth) is yours to set alone, at once and audited: customers then see how much of the coin to send, with the rate's time."
      section="crypto-types"
      query={queries.staffCryptoTypes()}
      itemSchema={cryptoTypeSchema}
      inputSchema={cryptoTypeInputSchema}
      fields={FIELDS}
      describe={(t) => (
        <>
          <span className="font-mono break-all">{t.address}</span>
          {t.network && <> · {t.network}</>}
          {t.address2 && <span className="block font-mono break-all">Second: {t.address2}</span>}
        </>
      )}
      after={(t) => <CryptoRateControl entry={t} />}
    />
  );
}
