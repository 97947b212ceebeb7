import { PRODUCTS, PRODUCT_KEYS, type Availability, type Product } from '@bank/contract';
import countries from 'i18n-iso-countries';
import type { AppDeps } from '../../deps.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { verifiedCountry } from '../kyc/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { profileCountryOf } from '../profile/index.js';
import * as repo from './repo.js';

/**
 * Where the customer lives for what the bank offers: the country their approved identity check
 * showed (the latest), else the one in their profile.
 */
async function countryOf(db: AppDeps['db'], userId: bigint): Promise<string | null> {
  const verified = await verifiedCountry(db, userId);
  return verified ?? profileCountryOf(db, userId);
}

/**
 * What this customer can use where they live: a product the bank offers, unless staff switched
 * it off for the customer's country. Products the bank does not offer are unavailable to all.
 */
export async function availabilityFor(deps: AppDeps, userId: bigint): Promise<Availability> {
  const [off, country] = await Promise.all([repo.switchedOff(deps.db), countryOf(deps.db, userId)]);
  const available = Object.fromEntries(
    PRODUCT_KEYS.map((product) => [
      product,
      PRODUCTS[product].offered &&
        off.has(product) &&
        !(country && off.get(product)?.includes(country)),
    ]),
  ) as Availability['available'];
  return { available };
}

export async function productAvailability(deps: AppDeps) {
  const off = await repo.switchedOff(deps.db);
  return {
    items: PRODUCT_KEYS.map((product) => ({
      product,
      label: PRODUCTS[product].label,
      offered: PRODUCTS[product].offered && off.has(product),
      unavailableCountries: off.get(product) ?? [],
    })),
  };
}

/** Switches an offered product off (or on again) country by country; audited. */
export async function setUnavailableCountries(
  deps: AppDeps,
  product: Product,
  list: string[],
  actor: StaffActor,
) {
  if (!PRODUCTS[product].offered) {
    throw new AppError('CONFLICT', `${PRODUCTS[product].label} is not offered by this bank.`);
  }
  const wanted = [...new Set(list)].sort();
  const unknown = wanted.find((c) => !countries.isValid(c));
  if (unknown) throw fieldError('body.unavailableCountries', `${unknown} is not a country code`);
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockProduct(trx, product);
    if (!before) throw new AppError('NOT_FOUND', 'No such product');
    await repo.setUnavailable(trx, product, wanted, deps.clock.now());
    await deps.audit(trx, {
      action: 'catalog.availability.update',
      actor,
      targetId: product,
      before: { unavailableCountries: before.countries },
      after: { unavailableCountries: wanted },
    });
    return { product, unavailableCountries: wanted };
  });
}
