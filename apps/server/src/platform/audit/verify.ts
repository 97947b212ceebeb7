import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Walks the audit log's hash chain (migration 0014) and says where it breaks: a row whose hash
 * no longer matches its fields (edited), a row that does not point at the hash of the one
 * before it, or a gap in the sequence (removed). A chain rewritten from the start by someone
 * who holds the database is caught only against a head recorded elsewhere: `anchors` are such
 * records (sequence number and hash), checked too.
 */

export type ChainProblem =
  | { kind: 'edited'; seq: string; id: string }
  | { kind: 'broken_link'; seq: string; id: string }
  | { kind: 'missing'; fromSeq: string; toSeq: string }
  | { kind: 'anchor_mismatch'; seq: string; expected: string; found: string | null };

export interface ChainReport {
  rows: number;
  /** The last row: record its sequence number and hash somewhere else to anchor the chain. */
  head: { seq: string; hash: string } | null;
  problems: ChainProblem[];
}

const GENESIS = '0'.repeat(64);
const BATCH = 2000;

export async function verifyAuditChain(
  db: Kysely<DB>,
  options: { anchors?: readonly { seq: bigint; hash: string }[]; maxProblems?: number } = {},
): Promise<ChainReport> {
  const maxProblems = options.maxProblems ?? 100;
  const problems: ChainProblem[] = [];
  let rows = 0;
  let expectedSeq = 1n;
  let previousHash = GENESIS;
  let head: ChainReport['head'] = null;
  const anchors = new Map((options.anchors ?? []).map((a) => [a.seq, a.hash]));
  const seen = new Set<bigint>();
  for (;;) {
    const batch = await db
      .selectFrom('audit_log as a')
      .select([
        'a.id',
        'a.seq',
        'a.prev_hash as prevHash',
        'a.hash',
        sql<string>`audit_row_hash(a.seq, a.prev_hash, a.actor_id, a.action, a.target_type,
          a.target_id, a.customer_id, a.before, a.after, a.ip, a.user_agent, a.created_at)`.as(
          'recomputed',
        ),
      ])
      .where('a.seq', '>=', expectedSeq)
      .orderBy('a.seq')
      .limit(BATCH)
      .execute();
    for (const row of batch) {
      rows += 1;
      const seq = BigInt(row.seq);
      if (seq !== expectedSeq) {
        problems.push({ kind: 'missing', fromSeq: String(expectedSeq), toSeq: String(seq - 1n) });
      }
      if (row.recomputed !== row.hash) {
        problems.push({ kind: 'edited', seq: String(seq), id: String(row.id) });
      }
      if (row.prevHash !== previousHash && seq === expectedSeq) {
        problems.push({ kind: 'broken_link', seq: String(seq), id: String(row.id) });
      }
      const anchored = anchors.get(seq);
      if (anchored !== undefined) {
        seen.add(seq);
        if (anchored !== row.hash) {
          problems.push({
            kind: 'anchor_mismatch',
            seq: String(seq),
            expected: anchored,
            found: row.hash,
          });
        }
      }
      previousHash = row.hash;
      expectedSeq = seq + 1n;
      head = { seq: String(seq), hash: row.hash };
      if (problems.length >= maxProblems) return { rows, head, problems };
    }
    if (batch.length < BATCH) break;
  }
  for (const [seq, hash] of anchors) {
    if (!seen.has(seq)) {
      problems.push({ kind: 'anchor_mismatch', seq: String(seq), expected: hash, found: null });
    }
  }
  return { rows, head, problems };
}
