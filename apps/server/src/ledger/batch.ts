import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError, type ErrorCode } from '../platform/errors.js';
import { bigintOrNull, MESSAGES, postSingle, replay } from './post.js';
import type { EntryInput, Executor, PostedEntry } from './types.js';

/**
 * Batches in the database at once; entries arriving meanwhile wait and join the next batch.
 * Two keep the database busy while Node prepares the next call; more only make the batches
 * smaller (measured with npm run bench:ledger: 2 in flight gave the most transfers/s).
 */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 128;

interface Pending {
  input: EntryInput;
  fingerprint: string;
  resolve: (entry: PostedEntry) => void;
  reject: (error: unknown) => void;
}

interface BatchRow {
  entry_ids: (bigint | string | null)[];
  created_ats: (Date | string | null)[];
  statuses: string[];
  details: (string | null)[];
  balances_after: (bigint | string | null)[];
}

/**
 * Group commit. Entries posted while earlier batches are still in the database wait, and go
 * together in the next call to ledger_post_entries (migration 0002): one round trip and one
 * commit for many entries, each still checked and written all-or-nothing on its own. Under
 * light load a batch is a single entry and goes straight away, so nothing waits for a timer.
 * If a batch as a whole fails, its entries are posted one by one, so each gets its own answer.
 */
class PostingBatcher {
  readonly #db: Executor;
  #queue: Pending[] = [];
  #inFlight = 0;

  constructor(db: Executor) {
    this.#db = db;
  }

  post(input: EntryInput, fingerprint: string): Promise<PostedEntry> {
    // A copy: the caller's objects may change before the batch goes out.
    const snapshot = { ...input, postings: input.postings.map((p) => ({ ...p })) };
    return new Promise((resolve, reject) => {
      this.#queue.push({ input: snapshot, fingerprint, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch() {
    while (this.#inFlight < MAX_IN_FLIGHT && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      this.#inFlight++;
      void this.#run(batch).finally(() => {
        this.#inFlight--;
        this.#dispatch();
      });
    }
  }

  async #run(batch: Pending[]) {
    const [only] = batch;
    if (batch.length === 1 && only) {
      await postSingle(this.#db, only.input, only.fingerprint).then(only.resolve, only.reject);
      return;
    }
    let row: BatchRow | undefined;
    try {
      row = await this.#call(batch);
    } catch {
      // A key posted twice at once, a balance overflow, a lost connection: whatever it was,
      // each entry now finds out for itself.
      await Promise.all(
        batch.map((p) => postSingle(this.#db, p.input, p.fingerprint).then(p.resolve, p.reject)),
      );
      return;
    }
    let offset = 0;
    const offsets = batch.map((p) => {
      const first = offset;
      offset += p.input.postings.length;
      return first;
    });
    await Promise.all(batch.map((pending, e) => this.#settle(pending, e, row, offsets[e] ?? 0)));
  }

  async #call(batch: Pending[]): Promise<BatchRow> {
    const entries = batch.map((p) => p.input);
    const postings = entries.flatMap((entry) => entry.postings);
    const result = await sql<BatchRow>`
      select entry_ids, created_ats, statuses, details, balances_after from ledger_post_entries(
        ${entries.map((e) => e.kind)}::text[],
        ${entries.map((e) => e.memo)}::text[],
        ${entries.map((e) => e.actor)}::text[],
        ${entries.map((e) => e.idempotencyKey)}::text[],
        ${batch.map((p) => p.fingerprint)}::text[],
        ${entries.map((e) => e.postings.length)}::int[],
        ${postings.map((p) => String(p.accountId))}::bigint[],
        ${postings.map((p) => String(p.amount))}::bigint[],
        ${postings.map((p) => p.currency)}::text[])`.execute(this.#db);
    const row = result.rows[0];
    if (!row) throw new Error('ledger_post_entries returned nothing');
    return row;
  }

  /** Answers entry `e` of the batch; its postings start at `first` in the flattened arrays. */
  async #settle(pending: Pending, e: number, row: BatchRow, first: number) {
    const { input } = pending;
    const status = row.statuses[e];
    const entryId = row.entry_ids[e];
    try {
      if (status === 'posted' && entryId !== null && entryId !== undefined) {
        pending.resolve({
          entryId: BigInt(entryId),
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          memo: input.memo,
          actor: input.actor,
          createdAt: new Date(row.created_ats[e] as Date | string),
          postings: input.postings.map((p, i) => ({
            ...p,
            balanceAfter: bigintOrNull(row.balances_after[first + i]),
          })),
          replayed: false,
        });
      } else if (status === 'replayed' && entryId !== null && entryId !== undefined) {
        pending.resolve(await replay(this.#db, BigInt(entryId)));
      } else {
        const code = status as ErrorCode;
        const detail = row.details[e];
        pending.reject(
          new AppError(
            code,
            MESSAGES[code] ?? code,
            detail ? (JSON.parse(detail) as Record<string, unknown>) : undefined,
          ),
        );
      }
    } catch (error) {
      pending.reject(error);
    }
  }
}

const batchers = new WeakMap<Kysely<DB>, PostingBatcher>();

export function batcherFor(db: Executor): PostingBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new PostingBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
