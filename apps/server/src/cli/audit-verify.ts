/**
 * npm run audit:verify [-- --anchor <seq>:<hash> ...]: walks the audit log's hash chain in the
 * configured database and says where it breaks (an edited row, a removed one, a broken link, a
 * head that does not match one recorded elsewhere). Prints the head to record. Exit status 1 on
 * any problem.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from '../db/connection.js';
import { verifyAuditChain, type ChainProblem } from '../platform/audit/index.js';

function describe(problem: ChainProblem): string {
  switch (problem.kind) {
    case 'edited':
      return `row ${problem.seq} (id ${problem.id}) does not match its hash: it was changed after it was written`;
    case 'broken_link':
      return `row ${problem.seq} (id ${problem.id}) does not point at the row before it`;
    case 'missing':
      return problem.fromSeq === problem.toSeq
        ? `row ${problem.fromSeq} is missing`
        : `rows ${problem.fromSeq} to ${problem.toSeq} are missing`;
    case 'anchor_mismatch':
      return problem.found === null
        ? `row ${problem.seq} recorded elsewhere is not in the log`
        : `row ${problem.seq} has hash ${problem.found}, not ${problem.expected} as recorded elsewhere`;
  }
}

let failed = false;
try {
  const { values } = parseArgs({ options: { anchor: { type: 'string', multiple: true } } });
  const anchors = (values.anchor ?? []).map((text) => {
    const match = /^(\d+):([0-9a-f]{64})$/.exec(text);
    if (!match) throw new Error(`--anchor ${text}: give <sequence number>:<64 hex digits>`);
    return { seq: BigInt(match[1] as string), hash: match[2] as string };
  });
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFrom(config));
  try {
    const report = await verifyAuditChain(database.db, { anchors });
    console.log(`Audit log (${database.engine}): ${report.rows} rows`);
    if (report.head) {
      console.log(`Head: ${report.head.seq}:${report.head.hash}`);
      console.log(
        'Record the head somewhere else; give it back with --anchor to check against it.',
      );
    }
    if (report.problems.length === 0) {
      console.log('Audit chain: OK (every row matches its hash and links to the one before)');
    } else {
      failed = true;
      console.log(`Audit chain: ${report.problems.length} PROBLEM(S)`);
      for (const problem of report.problems) console.log(`  ${describe(problem)}`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
}
process.exit(failed ? 1 : 0);
