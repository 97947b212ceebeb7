import { cryptoTypeSchema } from '@bank/contract';
import { queries, queryKeys } from '../../../lib/queries';
import { FundingCatalogPage } from './FundingCatalogPage';

/** `/admin/catalog/crypto-types`: what customers pay with, and the addresses they pay to. */
export function CryptoTypesPage() {
  return (
    <FundingCatalogPage
      title="Crypto types"
      noun="crypto type"
      intro="The currencies customers can pay in, each with the address they pay to. A change of address applies to requests made from then on; past requests keep the address they were shown."
      path="crypto-types"
      query={queries.staffCryptoTypes()}
      queryKey={queryKeys.staffCryptoTypes}
      schema={cryptoTypeSchema}
      fields={[
        { name: 'name', label: 'Name', kind: 'text' },
        { name: 'address', label: 'Deposit address', kind: 'text' },
        {
          name: 'network',
          label: 'Network label',
          kind: 'text',
          optional: true,
          hint: 'Optional, e.g. TRC-20',
        },
        {
          name: 'address2',
          label: 'Second address',
          kind: 'text',
          optional: true,
          hint: 'Optional',
        },
      ]}
      describe={(t) => (
        <>
          <span className="font-mono break-all">{t.address}</span>
          {t.network && <> · {t.network}</>}
          {t.address2 && <span className="block font-mono break-all">Second: {t.address2}</span>}
        </>
      )}
    />
  );
}
