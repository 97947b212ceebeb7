import type { productAvailabilityListSchema } from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CountrySelect } from '../../../components/ui/CountrySelect';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { api, errorMessage } from '../../../lib/api';
import { countryName } from '../../../lib/countries';
import { queries, queryKeys } from '../../../lib/queries';
import { panelClass } from '../shared/panel';

type Product = z.infer<typeof productAvailabilityListSchema>['items'][number];

function OfferedProduct({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const [country, setCountry] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (change: { unavailableCountries: string[]; said: string }) =>
      api('POST', `/api/v1/staff/catalog/availability/${product.product}`, {
        schema: z.object({ product: z.string(), unavailableCountries: z.array(z.string()) }),
        body: { unavailableCountries: change.unavailableCountries },
      }),
    onMutate: () => setDone(null),
    onSuccess: async (_answer, change) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.staffAvailability });
      setDone(change.said);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.staffAvailability }),
  });
  const off = product.unavailableCountries;
  return (
    <li className={`${panelClass} flex flex-col gap-3`}>
      <h3 className="text-base font-semibold">{product.label}</h3>
      {done && <Banner tone="success">{done}</Banner>}
      {save.isError && (
        <Banner tone="error">{errorMessage(save.error, 'Something went wrong')}</Banner>
      )}
      {off.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">Available in every country.</p>
      ) : (
        <ul aria-label={`Countries without ${product.label}`} className="flex flex-wrap gap-2">
          {off.map((code) => (
            <li key={code}>
              <Button
                variant="secondary"
                className="text-sm"
                loading={save.isPending}
                onClick={() =>
                  save.mutate({
                    unavailableCountries: off.filter((c) => c !== code),
                    said: `${product.label} is offered again in ${countryName(code)}.`,
                  })
                }
              >
                Offer again in {countryName(code)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <CountrySelect
            id={`off-${product.product}`}
            label={`Country to switch ${product.label} off in`}
            value={country}
            onChange={(event) => setCountry(event.target.value)}
          />
        </div>
        <Button
          aria-label={`Switch off there for ${product.label}`}
          variant="secondary"
          disabled={!country || off.includes(country)}
          loading={save.isPending}
          onClick={() => {
            save.mutate({
              unavailableCountries: [...off, country],
              said: `${product.label} is now off in ${countryName(country)}.`,
            });
            setCountry('');
          }}
        >
          Switch off there
        </Button>
      </div>
    </li>
  );
}

/**
 * `/admin/catalog/availability`: where each product is offered (PRODUCT.md principle 6). The
 * products this bank has not built are listed as such and cannot be switched on.
 */
export function AvailabilityPage() {
  const products = useQuery(queries.staffAvailability());
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <PageHeading title="Region availability" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Customers in a country where a product is switched off see &ldquo;Not available in your
          region&rdquo; and cannot use it. Every change is recorded in the audit log.
        </p>
      </div>
      {products.data ? (
        <>
          <section aria-labelledby="offered" className="flex flex-col gap-3">
            <h2 id="offered" className="text-lg font-semibold">
              Offered by the bank
            </h2>
            <ul className="flex flex-col gap-3">
              {products.data
                .filter((p) => p.offered)
                .map((p) => (
                  <OfferedProduct key={p.product} product={p} />
                ))}
            </ul>
          </section>
          <section aria-labelledby="not-offered" className="flex flex-col gap-2">
            <h2 id="not-offered" className="text-lg font-semibold">
              Not offered anywhere
            </h2>
            <p className="text-slate-700 dark:text-slate-300">
              The bank has not built these, so customers everywhere see them as not available:{' '}
              {products.data
                .filter((p) => !p.offered)
                .map((p) => p.label)
                .join(', ')}
              .
            </p>
          </section>
        </>
      ) : products.isError ? (
        <LoadFailed
          error={products.error}
          retrying={products.isFetching}
          onRetry={() => void products.refetch()}
        />
      ) : (
        <Loading label="Loading the products…" />
      )}
    </div>
  );
}
