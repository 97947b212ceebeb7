import countries from 'i18n-iso-countries';
import type { Kysely } from 'kysely';
import type { InstitutionDetails, institutionDetailsInputSchema } from '@bank/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { fieldError } from '../../platform/errors.js';

/** The bank's own details for receiving money (add-funds/it): one row, unset fields null. */

export async function institutionDetails(db: Kysely<DB>): Promise<InstitutionDetails> {
  const row = await db
    .selectFrom('institution_details')
    .select(['swift_code', 'routing_number', 'country', 'updated_at'])
    .executeTakeFirstOrThrow();
  return {
    swiftCode: row.swift_code,
    routingNumber: row.routing_number,
    country: row.country,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Sets the bank's receiving details (one row); audited with before and after. */
export async function setInstitutionDetails(
  deps: AppDeps,
  input: z.output<typeof institutionDetailsInputSchema>,
  actor: StaffActor,
): Promise<InstitutionDetails> {
  if (input.country !== null && !countries.isValid(input.country)) {
    throw fieldError('body.country', 'Choose a country from the list');
  }
  return deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('institution_details').select('id').forUpdate().execute();
    const before = await institutionDetails(trx);
    await trx
      .updateTable('institution_details')
      .set({
        swift_code: input.swiftCode,
        routing_number: input.routingNumber,
        country: input.country,
        updated_at: deps.clock.now(),
      })
      .execute();
    const after = await institutionDetails(trx);
    await deps.audit(trx, {
      action: 'catalog.institution.update',
      actor,
      targetId: 'bank',
      before: { ...before, updatedAt: undefined },
      after: { ...after, updatedAt: undefined },
    });
    return after;
  });
}
