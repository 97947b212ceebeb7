import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TransferStatusColumn, TransfersTable } from '../../db/tables/transfers.js';
import { afterCursor, matchesSearch, sortKey, type Keyset } from '../../platform/queue-page.js';

/**
 * The transfers and beneficiaries tables. Every customer read names the customer: a transfer
 * id alone never finds a row (staff reads are the functions marked for staff).
 */

export const transferColumns = [
  'id',
  'user_id as userId',
  'idempotency_key as idempotencyKey',
  'bank',
  'swift',
  'currency',
  'routing',
  'country',
  'account_number as accountNumber',
  'holder_name as accountHolderName',
  'note',
  'save_beneficiary as saveBeneficiary',
  'destination_key as destinationKey',
  'recipient_account_id as recipientAccountId',
  'payee_typed_name as payeeTypedName',
  'payee_match as payeeMatch',
  'amount',
  'fee_bp as feeBp',
  'fee',
  'stage',
  'needs_code as needsCode',
  'status',
  'entry_id as entryId',
  'reversal_entry_id as reversalEntryId',
  'reference',
  'failure_reason as failureReason',
  'decided_by as decidedBy',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'submitted_at as submittedAt',
  'decided_at as decidedAt',
] as const;

export type TransferRow = NonNullable<Awaited<ReturnType<typeof ownTransfer>>>;

/** Submitted transfers that paid nobody: failed (staff refunded) or cancelled by the customer. */
const UNPAID: TransferStatusColumn[] = ['failed', 'cancelled'];

function ownTransferQuery(db: Kysely<DB>, userId: bigint, id: bigint) {
  return db
    .selectFrom('transfers')
    .select(transferColumns)
    .where('id', '=', id)
    .where('user_id', '=', userId);
}

/** The customer's transfer, or undefined (someone else's looks the same as none). */
export function ownTransfer(db: Kysely<DB>, userId: bigint, id: bigint) {
  return ownTransferQuery(db, userId, id).executeTakeFirst();
}

/** The same, locked for this transaction: one step of one transfer at a time. */
export function lockOwnTransfer(db: Kysely<DB>, userId: bigint, id: bigint) {
  return ownTransferQuery(db, userId, id).forUpdate().executeTakeFirst();
}

export function transferByKey(db: Kysely<DB>, userId: bigint, key: string) {
  return db
    .selectFrom('transfers')
    .select(transferColumns)
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A transfer's details: what the customer typed (checked) and what the server decided. */
export type TransferDetailColumns = Pick<
  Insertable<TransfersTable>,
  | 'user_id'
  | 'bank'
  | 'swift'
  | 'currency'
  | 'routing'
  | 'country'
  | 'account_number'
  | 'holder_name'
  | 'note'
  | 'save_beneficiary'
  | 'destination_key'
  | 'recipient_account_id'
  | 'payee_typed_name'
  | 'payee_match'
  | 'amount'
  | 'fee_bp'
  | 'fee'
>;

/** A new draft named by the client's key, as stored; undefined when the key was taken (a retry). */
export function insertTransfer(
  db: Kysely<DB>,
  idempotencyKey: string,
  details: TransferDetailColumns,
  at: Date,
) {
  return db
    .insertInto('transfers')
    .values({ ...details, idempotency_key: idempotencyKey, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning(transferColumns)
    .executeTakeFirst();
}

/*
 * The steps of the flow (flow.ts), each written under the transfer's row lock by its caller,
 * which has checked the stage.
 */

/**
 * Back to a draft with new details or a new charge: the PIN and the code are asked again, and
 * the evidence of the earlier ones is cleared.
 */
export async function backToDraft(
  db: Kysely<DB>,
  id: bigint,
  changes: Partial<TransferDetailColumns>,
  at: Date,
) {
  await db
    .updateTable('transfers')
    .set({
      ...changes,
      stage: 'draft',
      needs_code: false,
      pin_verified_at: null,
      code_verified_at: null,
      code_id: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** A new service charge shown on a draft (the plan changed since the form was sent). */
export async function setCharge(
  db: Kysely<DB>,
  id: bigint,
  charge: { fee: bigint; feeBp: number },
  at: Date,
) {
  await db
    .updateTable('transfers')
    .set({ fee: charge.fee, fee_bp: charge.feeBp, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** draft -> confirmed: the customer saw the charge and the amount received. */
export async function markConfirmed(db: Kysely<DB>, id: bigint, at: Date) {
  await db
    .updateTable('transfers')
    .set({ stage: 'confirmed', updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** confirmed -> pin_verified, with whether the risk rules ask for the emailed code. */
export async function markPinVerified(db: Kysely<DB>, id: bigint, needsCode: boolean, at: Date) {
  await db
    .updateTable('transfers')
    .set({ stage: 'pin_verified', needs_code: needsCode, pin_verified_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A transfer past its PIN step that now needs the code (the day's total grew meanwhile). */
export async function markNeedsCode(db: Kysely<DB>, id: bigint, at: Date) {
  await db
    .updateTable('transfers')
    .set({ needs_code: true, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** pin_verified -> code_verified, with the code that authorized it. */
export async function markCodeVerified(db: Kysely<DB>, id: bigint, codeId: bigint, at: Date) {
  await db
    .updateTable('transfers')
    .set({ stage: 'code_verified', code_verified_at: at, code_id: codeId, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** pin_verified -> code_verified, approved with a passkey instead of the code (decision 0033). */
export async function markPasskeyVerified(db: Kysely<DB>, id: bigint, passkeyId: bigint, at: Date) {
  await db
    .updateTable('transfers')
    .set({ stage: 'code_verified', code_verified_at: at, passkey_id: passkeyId, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * -> submitted, with the entry that moved the money: in progress (another bank's account, for
 * staff to send), or successful with its reference (settled inside the bank by the entry).
 */
export async function markSubmitted(
  db: Kysely<DB>,
  id: bigint,
  submission:
    | { status: 'in_progress'; entryId: bigint; at: Date }
    | { status: 'successful'; entryId: bigint; reference: string; at: Date },
) {
  const { at } = submission;
  await db
    .updateTable('transfers')
    .set({
      stage: 'submitted',
      status: submission.status,
      entry_id: submission.entryId,
      submitted_at: at,
      updated_at: at,
      ...(submission.status === 'successful'
        ? { decided_at: at, reference: submission.reference }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The customer's submitted transfers, newest first. */
export function submittedTransfers(db: Kysely<DB>, userId: bigint, limit: number) {
  return db
    .selectFrom('transfers')
    .select(transferColumns)
    .where('user_id', '=', userId)
    .where('stage', '=', 'submitted')
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What the customer sent since `since` (submitted, not failed or cancelled): the day's total. */
export async function sentSince(db: Kysely<DB>, userId: bigint, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom('transfers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('stage', '=', 'submitted')
    .where('status', 'not in', UNPAID)
    .where('submitted_at', '>=', since)
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/**
 * The payees money went to before at this destination (submitted, not failed or cancelled): each distinct
 * set of details, for the rule that a payee is known only when every detail is the same.
 */
export function paidAt(db: Kysely<DB>, userId: bigint, destinationKey: string) {
  return db
    .selectFrom('transfers')
    .select([
      'bank',
      'swift',
      'currency',
      'routing',
      'country',
      'account_number as accountNumber',
      'holder_name as accountHolderName',
      'recipient_account_id as recipientAccountId',
    ])
    .distinct()
    .where('user_id', '=', userId)
    .where('destination_key', '=', destinationKey)
    .where('stage', '=', 'submitted')
    .where('status', 'not in', UNPAID)
    .execute();
}

/** A submitted transfer, locked for a staff decision (any customer's: staff routes only). */
export function lockSubmitted(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('transfers')
    .select(transferColumns)
    .where('id', '=', id)
    .where('stage', '=', 'submitted')
    .forUpdate()
    .executeTakeFirst();
}

/** in_progress -> successful with the reference of the payment as sent (guarded). */
export function markSuccessful(
  db: Kysely<DB>,
  id: bigint,
  decision: { reference: string; decidedBy: bigint; at: Date },
) {
  return db
    .updateTable('transfers')
    .set({
      status: 'successful',
      reference: decision.reference,
      decided_by: decision.decidedBy,
      decided_at: decision.at,
      updated_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
}

/** in_progress -> failed with the reason and the entry that refunded it (guarded). */
export function markFailed(
  db: Kysely<DB>,
  id: bigint,
  decision: { reason: string; reversalEntryId: bigint; decidedBy: bigint; at: Date },
) {
  return db
    .updateTable('transfers')
    .set({
      status: 'failed',
      failure_reason: decision.reason,
      reversal_entry_id: decision.reversalEntryId,
      decided_by: decision.decidedBy,
      decided_at: decision.at,
      updated_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
}

/**
 * in_progress -> cancelled by its customer, with the entry that refunded it (guarded): nobody
 * from staff decided it.
 */
export function markCancelled(
  db: Kysely<DB>,
  id: bigint,
  cancel: { reversalEntryId: bigint; at: Date },
) {
  return db
    .updateTable('transfers')
    .set({
      status: 'cancelled',
      reversal_entry_id: cancel.reversalEntryId,
      decided_at: cancel.at,
      updated_at: cancel.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
}

/** Submitted transfers with their customer's and decider's names, for the staff queue. */
function staffTransfers(db: Kysely<DB>) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('users as c', 'c.id', 't.user_id')
    .leftJoin('users as d', 'd.id', 't.decided_by')
    .select(transferColumns.map((c) => `t.${c}` as const))
    .select([
      'c.first_name as customerFirstName',
      'c.last_name as customerLastName',
      'c.email as customerEmail',
      sql<string>`d.first_name || ' ' || d.last_name`.as('decidedByName'),
    ])
    .where('t.stage', '=', 'submitted');
}

export type StaffTransferRow = NonNullable<Awaited<ReturnType<typeof staffTransfer>>>;

/** A customer's submitted transfers, newest first, `limit` of them before `before` (an id). */
export function customerTransfers(
  db: Kysely<DB>,
  userId: bigint,
  page: { before?: bigint | undefined; limit: number },
) {
  let query = staffTransfers(db)
    .where('t.user_id', '=', userId)
    .orderBy('t.id', 'desc')
    .limit(page.limit);
  if (page.before !== undefined) query = query.where('t.id', '<', page.before);
  return query.execute();
}

/** One submitted transfer as staff see it (any customer's: staff routes only). */
export function staffTransfer(db: Kysely<DB>, id: bigint) {
  return staffTransfers(db).where('t.id', '=', id).executeTakeFirst();
}

/** What authorized a transfer: the PIN, and the emailed code or a passkey (decision 33). */
export function authorizationOf(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('transfers')
    .select([
      'pin_verified_at as pinAt',
      'code_verified_at as stepUpAt',
      'code_id as codeId',
      'passkey_id as passkeyId',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The statuses of the transfers that these journal entries moved money for. */
export function statusesOfEntries(db: Kysely<DB>, entryIds: readonly bigint[]) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.entry_id as entryId',
      't.status',
      't.recipient_account_id as recipientAccountId',
      'u.first_name as firstName',
      'u.last_name as lastName',
    ])
    .where('t.entry_id', 'in', entryIds)
    .execute();
}

/** The customer's own transfer whose entry (or refund) this is, if any. */
export function ownTransferOfEntry(db: Kysely<DB>, userId: bigint, entryId: bigint) {
  return db
    .selectFrom('transfers')
    .select(transferColumns)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('entry_id', '=', entryId), eb('reversal_entry_id', '=', entryId)]))
    .executeTakeFirst();
}

export const beneficiaryColumns = [
  'b.id',
  'b.bank',
  'b.swift',
  'b.currency',
  'b.routing',
  'b.country',
  'b.account_number as accountNumber',
  'b.holder_name as accountHolderName',
  'b.created_at as createdAt',
] as const;

export function beneficiariesOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('beneficiaries as b')
    .select(beneficiaryColumns)
    .select((eb) =>
      eb
        .selectFrom('transfers as t')
        .select((t) => t.fn.max('t.submitted_at').as('last'))
        .whereRef('t.user_id', '=', 'b.user_id')
        .whereRef('t.destination_key', '=', 'b.destination_key')
        .where('t.stage', '=', 'submitted')
        .where('t.status', 'not in', UNPAID)
        .as('lastPaidAt'),
    )
    .where('b.user_id', '=', userId)
    .orderBy('b.holder_name')
    .orderBy('b.id')
    .execute();
}

export async function saveBeneficiary(db: Kysely<DB>, row: TransferRow, now: Date) {
  await db
    .insertInto('beneficiaries')
    .values({
      user_id: row.userId,
      bank: row.bank,
      swift: row.swift,
      currency: row.currency,
      routing: row.routing,
      country: row.country,
      account_number: row.accountNumber,
      holder_name: row.accountHolderName,
      destination_key: row.destinationKey,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'destination_key']).doNothing())
    .execute();
}

export async function deleteBeneficiary(db: Kysely<DB>, userId: bigint, id: bigint) {
  const result = await db
    .deleteFrom('beneficiaries')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// -----------------------------------------------------------------------------------------
// The staff queue's tabs and the overview.

/**
 * A tab of the staff queue: in progress (oldest submission first: the order to work in) or
 * decided (newest decision first), with the customer and who decided, searched by the
 * customer's name, email or an id, and by amount, a page at a time.
 */
export function staffQueuePage(
  db: Kysely<DB>,
  filter: {
    status: TransferStatusColumn;
    q?: string;
    amount?: bigint;
    after?: Keyset;
    limit: number;
  },
) {
  const waiting = filter.status === 'in_progress';
  const time = waiting ? 't.submitted_at' : 't.decided_at';
  const order = waiting ? 'asc' : 'desc';
  let query = staffTransfers(db)
    .select(sortKey(time).as('sortKey'))
    .where('t.status', '=', filter.status)
    .orderBy(time, order)
    .orderBy('t.id', order)
    .limit(filter.limit);
  if (filter.q !== undefined) {
    query = query.where(
      matchesSearch(filter.q, {
        ids: ['t.id', 't.user_id'],
        firstName: 'c.first_name',
        lastName: 'c.last_name',
        email: 'c.email',
      }),
    );
  }
  if (filter.amount !== undefined) query = query.where('t.amount', '=', filter.amount);
  if (filter.after) query = query.where(afterCursor(time, 't.id', order, filter.after));
  return query.execute();
}

/** How many transfers wait to be sent, and since when (the back office's overview). */
export async function inProgressSummary(
  db: Kysely<DB>,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('transfers')
    .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(submitted_at)`.as('oldest')])
    .where('stage', '=', 'submitted')
    .where('status', '=', 'in_progress')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

/** The transfers of a customer this staff member failed (refunded) since `since`. */
export function refundedBy(db: Kysely<DB>, userId: bigint, decidedBy: bigint, since: Date) {
  return db
    .selectFrom('transfers')
    .select(['id', 'amount'])
    .where('user_id', '=', userId)
    .where('decided_by', '=', decidedBy)
    .where('status', '=', 'failed')
    .where('decided_at', '>=', since)
    .execute();
}
