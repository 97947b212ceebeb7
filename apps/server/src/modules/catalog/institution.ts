import countries from 'i18n-iso-countries';
import type { Kysely } from 'kysely';
import type {
  CatalogProposal,
  InstitutionDetails,
  institutionDetailsInputSchema,
} from '@bank/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { fieldError } from '../../platform/errors.js';
import { BANK_NAME } from '../../platform/mail/index.js';
import { proposeInstitution } from './dual-control.js';
import * as repo from './funding-repo.js';

/** The bank's own details for receiving money (add-funds/it): one row, unset fields null. */

export async function institutionDetails(db: Kysely<DB>): Promise<InstitutionDetails> {
  const row = await db
    .selectFrom('institution_details')
    .select(['swift_code', 'routing_number', 'country', 'postal_address', 'updated_at'])
    .executeTakeFirstOrThrow();
  return {
    swiftCode: row.swift_code,
    routingNumber: row.routing_number,
    country: row.country,
    postalAddress: row.postal_address,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The bank as its documents name it: its name and its postal address (null until staff set it). */
export async function bankLetterhead(
  db: Kysely<DB>,
): Promise<{ name: string; postalAddress: string | null }> {
  const row = await db
    .selectFrom('institution_details')
    .select('postal_address')
    .executeTakeFirstOrThrow();
  return { name: BANK_NAME, postalAddress: row.postal_address };
}

/**
 * Proposes new receiving details (one row): they decide where others send customers' money, so
 * a second person approves them (dual-control.ts) before customers see them. Details as they are
 * already change nothing and are answered as they are.
 */
export async function setInstitutionDetails(
  deps: AppDeps,
  input: z.output<typeof institutionDetailsInputSchema>,
  actor: StaffActor,
): Promise<InstitutionDetails | CatalogProposal> {
  if (input.country !== null && !countries.isValid(input.country)) {
    throw fieldError('body.country', 'Choose a country from the list');
  }
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockInstitution(trx);
    // Left out, the postal address stays as it is.
    const after = { ...input, postalAddress: input.postalAddress ?? before.postalAddress };
    if (input.postalAddress === null) after.postalAddress = null;
    const same =
      before.swiftCode === after.swiftCode &&
      before.routingNumber === after.routingNumber &&
      before.country === after.country &&
      before.postalAddress === after.postalAddress;
    if (same) return institutionDetails(trx);
    return proposeInstitution(deps, trx, before, after, actor);
  });
}
