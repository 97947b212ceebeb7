import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { codeMatches, generateNumericCode, hashCode } from './crypto.js';
import { CODE_RULES, PURPOSE_LABEL, type CodePurpose } from './purposes.js';

/**
 * What a code authorizes, beyond its person and purpose: for a transfer, its amount, currency,
 * beneficiary and source account; for an email change, the new address. A code is good only for
 * the exact context it was issued for.
 */
export type CodeContext = Readonly<Record<string, string>>;

export type CodeCheck = { ok: true; codeId: bigint } | { ok: false; error: AppError };

/** Why a try was refused, for the audit log (never the code that was tried). */
export type CodeRefusal = 'wrong' | 'expired' | 'no_code' | 'too_many_tries' | 'other_details';

/** Who sent a try, for the audit log: their address and browser (and who, when signed in). */
export interface CodeTryActor {
  userId: bigint | null;
  ip: string | null;
  userAgent: string | null;
}

/** Stands for an address without an account: a try for it does the same work as any other. */
export const NOBODY = 0n;

/** Who sent a try: a session's tries are the person's own; a client address otherwise. */
const SIGNED_IN = 'session';

export interface CodeService {
  /**
   * A fresh code for this person, purpose and context, replacing any earlier one of the
   * purpose. Only its keyed hash is stored; the code goes back to the caller to be emailed, and
   * nowhere else. Refused with CODES_PAUSED while the purpose is paused for this person, and with
   * RATE_LIMITED once the purpose's codes of the last 24 hours are all sent. Holds the person's
   * sending lock of the purpose (see `lastSentAt`) until the transaction ends.
   */
  issue(
    db: Kysely<DB>,
    input: { userId: bigint; purpose: CodePurpose; context?: CodeContext; requester?: string },
  ): Promise<{ code: string; expiresAt: Date }>;
  /**
   * Checks a code: single use, its time limit, its attempts, the daily caps and its context.
   * Every refusal is recorded as a wrong try (for `NOBODY` too, so that an address without an
   * account costs the same). A wrong code also counts against the code's own attempts; a code
   * offered for another context is spent. With `consume` false a good code stays usable (to
   * check other input first); spend it with `consume()`. `requester` names who sent the try
   * when no session did (the client address): the per-requester cap of open flows applies.
   * Must run in a transaction: the code row is locked, so two tries cannot both be the fifth.
   * The try is written either way: commit it even when refusing. A refused try of a real person
   * is a security event (`onFailure`), recorded with `actor`, the address it came from.
   */
  check(
    db: Kysely<DB>,
    input: {
      userId: bigint;
      purpose: CodePurpose;
      code: string;
      context?: CodeContext;
      consume?: boolean;
      requester?: string;
      actor?: CodeTryActor;
    },
  ): Promise<CodeCheck>;
  /** Spends a checked code; false if someone else spent it first (a race lost). */
  consume(db: Kysely<DB>, codeId: bigint): Promise<boolean>;
  /** Spends every unspent code of this purpose the person holds (what it was sent for changed). */
  voidAll(db: Kysely<DB>, userId: bigint, purpose: CodePurpose): Promise<void>;
  /** True when the person's current code of this purpose has had all its tries. */
  usedUp(db: Kysely<DB>, userId: bigint, purpose: CodePurpose): Promise<boolean>;
  /**
   * When the current code was sent (for the resend cool-down), or null. Like `issuedInLastDay`
   * and `issue`, it first takes the person's sending lock of the purpose, held until the
   * transaction ends: call it in the transaction that sends the code, and requests arriving at
   * the same moment take turns, each seeing the codes the others sent (the one-a-minute resend
   * and the daily cap hold under a burst, on PostgreSQL as on PGlite).
   */
  lastSentAt(db: Kysely<DB>, userId: bigint, purpose: CodePurpose): Promise<Date | null>;
  /**
   * How many codes of this purpose went to this person in the last 24 hours: in all, and at the
   * request of `requester` (when given). Takes the sending lock, as `lastSentAt` does.
   */
  issuedInLastDay(
    db: Kysely<DB>,
    userId: bigint,
    purpose: CodePurpose,
    requester?: string,
  ): Promise<{ all: number; requester: number }>;
  /** Until when codes of this purpose are paused for this person (for everyone), or null. */
  pausedUntil(db: Kysely<DB>, userId: bigint, purpose: CodePurpose): Promise<Date | null>;
}

export const WRONG_CODE =
  'The code is wrong or has expired. Check the latest email, or send a new code.';
export const TOO_MANY_TRIES = 'Too many wrong codes. Send a new code to try again.';
export const OTHER_CONTEXT =
  'That code was sent for other details, so it no longer works. Ask for a new code.';

const DAY_MS = 24 * 60 * 60_000;

function contextHash(context: CodeContext | undefined): string {
  if (!context || Object.keys(context).length === 0) return '';
  const canonical = JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : 1)));
  return createHash('sha256').update(canonical).digest('base64url');
}

function pausedError(purpose: CodePurpose, until: Date, now: Date): AppError {
  const hours = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 3_600_000));
  return new AppError(
    'CODES_PAUSED',
    `Too many wrong codes. For your security, ${PURPOSE_LABEL[purpose]} codes are paused for about ${hours} hour${hours === 1 ? '' : 's'}. We have emailed you about it.`,
  );
}

/**
 * The one-time code service every feature uses (email verification, password reset, sign-in,
 * email change, PIN reset, transfer authorization). `onPaused` is told, inside the transaction
 * of the try that reached a person's daily cap, so the person can be emailed once.
 */
export function createCodeService(options: {
  secretKey: string;
  clock: Clock;
  onPaused(db: Kysely<DB>, userId: bigint, purpose: CodePurpose, until: Date): Promise<void>;
  /**
   * Told of every wrong try of a real person (not `NOBODY`), in the try's transaction, after it
   * was counted: the audit log's record of it. It must not fail the transaction.
   */
  onFailure?(
    db: Kysely<DB>,
    failure: {
      userId: bigint;
      purpose: CodePurpose;
      reason: CodeRefusal;
      actor: CodeTryActor | undefined;
    },
  ): Promise<void>;
}): CodeService {
  const { secretKey, clock } = options;
  // The HMAC binds the code to its person, purpose and context: a stored value is useless for
  // anything else even to someone who can read the table.
  const scope = (purpose: CodePurpose, userId: bigint, context: string) =>
    `${purpose}:${userId}:${context}`;

  /**
   * The day's wrong tries: the person's in all (the ceiling) and this requester's. Returns
   * until when tries are refused, for everyone (`all`) or for this requester (`requester`).
   */
  async function pauses(db: Kysely<DB>, userId: bigint, purpose: CodePurpose, requester: string) {
    const rules = CODE_RULES[purpose];
    const since = new Date(clock.now().getTime() - DAY_MS);
    const { rows } = await sql<{
      all: number;
      mine: number;
      oldest: Date | null;
      oldestMine: Date | null;
    }>`
      select count(*)::int as "all",
             count(*) filter (where requester = ${requester})::int as mine,
             min(failed_at) as oldest,
             min(failed_at) filter (where requester = ${requester}) as "oldestMine"
      from code_failures
      where user_id = ${userId} and purpose = ${purpose} and failed_at > ${since}`.execute(db);
    const row = rows[0];
    const dayAfter = (d: Date | null) => (d ? new Date(d.getTime() + DAY_MS) : null);
    const all = row && row.all >= rules.dailyFailures ? dayAfter(row.oldest) : null;
    const perRequester = rules.requesterDailyFailures;
    const mine =
      row && perRequester !== undefined && requester !== SIGNED_IN && row.mine >= perRequester
        ? dayAfter(row.oldestMine)
        : null;
    return { all, requester: mine };
  }

  async function recordFailure(
    db: Kysely<DB>,
    userId: bigint,
    purpose: CodePurpose,
    requester: string,
  ) {
    await db
      .insertInto('code_failures')
      .values({ user_id: userId, purpose, requester, failed_at: clock.now() })
      .execute();
  }

  async function activeCode(db: Kysely<DB>, userId: bigint, purpose: CodePurpose) {
    return db
      .selectFrom('one_time_codes')
      .select([
        'id',
        'code_hash as codeHash',
        'context_hash as contextHash',
        'expires_at as expiresAt',
        'attempts',
      ])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Locks the person's row of this purpose in code_issue_locks (made on first use) until the
   * transaction ends. An upsert that updates on conflict locks the row whether it was there or
   * not, in one statement; a second caller waits here until the first commits, then reads what
   * it wrote.
   */
  async function holdIssuing(db: Kysely<DB>, userId: bigint, purpose: CodePurpose) {
    await db
      .insertInto('code_issue_locks')
      .values({ user_id: userId, purpose })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'purpose'])
          .doUpdateSet((eb) => ({ purpose: eb.ref('excluded.purpose') })),
      )
      .execute();
  }

  async function sentInLastDay(
    db: Kysely<DB>,
    userId: bigint,
    purpose: CodePurpose,
    requester: string | undefined,
  ) {
    const { rows } = await sql<{ all: number; mine: number }>`
      select count(*)::int as "all",
             count(*) filter (where requester = ${requester ?? null})::int as mine
      from one_time_codes
      where user_id = ${userId} and purpose = ${purpose}
        and created_at > ${new Date(clock.now().getTime() - DAY_MS)}`.execute(db);
    return { all: rows[0]?.all ?? 0, requester: rows[0]?.mine ?? 0 };
  }

  async function consume(db: Kysely<DB>, codeId: bigint): Promise<boolean> {
    const result = await db
      .updateTable('one_time_codes')
      .set({ consumed_at: clock.now() })
      .where('id', '=', codeId)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  return {
    async issue(db, { userId, purpose, context, requester }) {
      await holdIssuing(db, userId, purpose);
      const now = clock.now();
      const { all } = await pauses(db, userId, purpose, SIGNED_IN);
      if (all) throw pausedError(purpose, all, now);
      const rules = CODE_RULES[purpose];
      // The callers check the cap first (to say it their way); this holds it whoever calls.
      if ((await sentInLastDay(db, userId, purpose, requester)).all >= rules.dailyIssues) {
        throw new AppError(
          'RATE_LIMITED',
          `We have sent you as many ${PURPOSE_LABEL[purpose]} codes as we can today. Please try again tomorrow.`,
        );
      }
      const code = generateNumericCode(rules.length);
      const ctx = contextHash(context);
      const expiresAt = new Date(now.getTime() + rules.ttlMs);
      await db
        .updateTable('one_time_codes')
        .set({ consumed_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await db
        .insertInto('one_time_codes')
        .values({
          user_id: userId,
          purpose,
          code_hash: hashCode(secretKey, scope(purpose, userId, ctx), code),
          context_hash: ctx,
          requester: requester ?? null,
          expires_at: expiresAt,
          created_at: now,
        })
        .execute();
      return { code, expiresAt };
    },

    async check(db, input) {
      const { userId, purpose, code, context } = input;
      const requester = input.requester ?? SIGNED_IN;
      const now = clock.now();
      const rules = CODE_RULES[purpose];
      const active = await activeCode(db, userId, purpose);
      const before = await pauses(db, userId, purpose, requester);
      const paused = before.all ?? before.requester;
      if (paused) {
        if (before.all && active) await consume(db, active.id);
        return { ok: false, error: pausedError(purpose, paused, now) };
      }
      /** A wrong try: recorded, and the one that reaches the person's cap pauses their codes. */
      const refuse = async (error: AppError, reason: CodeRefusal): Promise<CodeCheck> => {
        await recordFailure(db, userId, purpose, requester);
        if (userId !== NOBODY) {
          await options.onFailure?.(db, { userId, purpose, reason, actor: input.actor });
        }
        const after = await pauses(db, userId, purpose, requester);
        if (after.all && userId !== NOBODY) {
          if (active) await consume(db, active.id);
          await options.onPaused(db, userId, purpose, after.all);
          return { ok: false, error: pausedError(purpose, after.all, now) };
        }
        if (after.requester)
          return { ok: false, error: pausedError(purpose, after.requester, now) };
        return { ok: false, error };
      };
      if (!active || active.expiresAt.getTime() <= now.getTime()) {
        return refuse(new AppError('UNPROCESSABLE', WRONG_CODE), active ? 'expired' : 'no_code');
      }
      if (active.attempts >= rules.maxAttempts) {
        return refuse(new AppError('UNPROCESSABLE', TOO_MANY_TRIES), 'too_many_tries');
      }
      const ctx = contextHash(context);
      if (ctx !== active.contextHash) {
        // The details changed after the code was sent (a different amount or beneficiary):
        // the code is void, and a new one must be sent for the new details.
        await consume(db, active.id);
        return refuse(new AppError('UNPROCESSABLE', OTHER_CONTEXT), 'other_details');
      }
      if (!codeMatches(secretKey, scope(purpose, userId, ctx), code, active.codeHash)) {
        await db
          .updateTable('one_time_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', active.id)
          .execute();
        return refuse(new AppError('UNPROCESSABLE', WRONG_CODE), 'wrong');
      }
      if (input.consume !== false) await consume(db, active.id);
      return { ok: true, codeId: active.id };
    },

    consume,

    async voidAll(db, userId, purpose) {
      await db
        .updateTable('one_time_codes')
        .set({ consumed_at: clock.now() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .execute();
    },

    async usedUp(db, userId, purpose) {
      const latest = await db
        .selectFrom('one_time_codes')
        .select('attempts')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return latest !== undefined && latest.attempts >= CODE_RULES[purpose].maxAttempts;
    },

    async lastSentAt(db, userId, purpose) {
      await holdIssuing(db, userId, purpose);
      const row = await db
        .selectFrom('one_time_codes')
        .select('created_at as createdAt')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.createdAt ?? null;
    },

    async issuedInLastDay(db, userId, purpose, requester) {
      await holdIssuing(db, userId, purpose);
      return sentInLastDay(db, userId, purpose, requester);
    },

    async pausedUntil(db, userId, purpose) {
      return (await pauses(db, userId, purpose, SIGNED_IN)).all;
    },
  };
}
