import type { CryptoRateInput, CryptoType } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import { cryptoTypes, rateOf, type Row } from './funding-kinds.js';
import * as repo from './funding-repo.js';

/**
 * A crypto type's rate (decision 27): the price of one whole coin, which the customer's crypto
 * forms turn into "Send about 0.0123 BTC (rate as of …)". One staff member with catalog.manage
 * sets it or takes it away, audited with the rate before and after; it does not wait for a second
 * person, since it moves no money and says nowhere money goes (the amount credited is what staff
 * confirm arrived), and a rate two people must approve would be out of date by the time it is.
 */

function audited(row: Row) {
  const rate = rateOf(row);
  return {
    name: row.name,
    perCoin: rate?.perCoin ?? null,
    symbol: rate?.symbol ?? null,
    decimals: rate?.decimals ?? null,
    setAt: rate?.setAt ?? null,
  };
}

/** Sets (a rate) or takes away (null) the rate of a crypto type, offered or retired. */
export async function setCryptoRate(
  deps: AppDeps,
  id: bigint,
  input: CryptoRateInput | null,
  actor: StaffActor,
): Promise<CryptoType> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockRow(trx, 'crypto_types', id);
    if (!row) throw new AppError('NOT_FOUND', 'No such crypto type');
    const before = rateOf(row);
    // Taking away a rate that is not there changes nothing and logs nothing.
    if (input === null && before === null) return cryptoTypes.output(row, deps.config.currency);
    const updated = await repo.setCryptoRate(
      trx,
      id,
      input === null ? null : { ...input, setAt: deps.clock.now(), setBy: actor.userId },
    );
    await deps.audit(trx, {
      action: 'catalog.crypto_type.rate',
      actor,
      targetId: String(id),
      before: audited(row),
      after: audited(updated),
    });
    return cryptoTypes.output(updated, deps.config.currency);
  });
}
