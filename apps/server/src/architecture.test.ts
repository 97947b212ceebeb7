// @vitest-environment node
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverWalls } from '../../../scripts/eslint/server-walls.js';

/**
 * The server's walls (scripts/eslint/server-walls.js), run on imports written the ways people
 * write them: if the rule stopped resolving paths, or the zones stopped covering a folder, the
 * refusals below would pass silently and this test would fail.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The wall messages reported for `source` as if it were the file at `path` (from the repo root). */
async function wallsBroken(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${repoRoot}${path}` });
  const messages = result?.messages ?? [];
  return messages
    .filter((message) => message.ruleId === 'layers/no-restricted-paths')
    .map((message) => message.message);
}

/** Each case: [file, import statement]; every one must break exactly one wall, with `message`. */
async function expectRefused(cases: [string, string][], message: RegExp) {
  for (const [path, source] of cases) {
    const broken = await wallsBroken(path, `${source}\nexport { used };\n`);
    expect(broken, `${path}: ${source}`).toHaveLength(1);
    expect(broken[0], `${path}: ${source}`).toMatch(message);
  }
}

const MODULE_WALL = /A module imports another module only through its index\.ts/;
const LEDGER_WALL = /The ledger is used only through ledger\/index\.ts/;
const PLATFORM_WALL = /Platform code never imports a module, the ledger or the app/;

describe('server walls', { timeout: 60_000 }, () => {
  it('refuse a module reaching into another module, however the path is written', async () => {
    await expectRefused(
      [
        [
          'apps/server/src/modules/transfers/Wall.ts',
          "import { institutionDetails as used } from '../catalog/institution.js';",
        ],
        [
          'apps/server/src/modules/staff/Wall.ts',
          "import { removeSecondFactor as used } from '../../modules/auth/mfa/repo.js';",
        ],
        [
          // From a nested folder of a module, without the extension.
          'apps/server/src/modules/auth/mfa/Wall.ts',
          "import { availabilityFor as used } from '../../availability/service';",
        ],
        [
          // Through another module's index folder and back out of it.
          'apps/server/src/modules/funding/Wall.ts',
          "import { users as used } from '../users/index.js/../repo.js';",
        ],
        [
          // A folder inside another module stands for its (missing) index file.
          'apps/server/src/modules/pin/Wall.ts',
          "import * as used from '../auth/mfa';",
        ],
        [
          'apps/server/src/modules/fixed-deposits/Wall.ts',
          "const used = await import('../users/repo.js');",
        ],
        [
          'apps/server/src/modules/kyc/Wall.ts',
          "export { findUserById as used } from '../users/repo.js';",
        ],
        [
          // The wiring lists every module: a module importing it would import itself.
          'apps/server/src/modules/accounts/Wall.ts',
          "import { modules as used } from '../index.js';",
        ],
      ],
      MODULE_WALL,
    );
  });

  it('wall in a module by its being created (the zones come from the folder list)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'walls-'));
    try {
      for (const name of ['ledger', 'platform', 'modules/alpha', 'modules/beta']) {
        await mkdir(join(root, 'apps/server/src', name), { recursive: true });
      }
      await mkdir(join(root, 'apps/server/test'), { recursive: true });
      const before = serverWalls(pathToFileURL(`${root}/`));
      await mkdir(join(root, 'apps/server/src/modules/gamma'));
      const after = serverWalls(pathToFileURL(`${root}/`));
      const walled = (zones: typeof after) =>
        zones.filter((zone) => zone.message.match(MODULE_WALL)).map((zone) => zone.target);
      expect(walled(before)).toEqual([
        './apps/server/src/modules/alpha',
        './apps/server/src/modules/beta',
      ]);
      expect(walled(after)).toContain('./apps/server/src/modules/gamma');
      const gamma = after.find((zone) => zone.target === './apps/server/src/modules/gamma');
      expect(gamma?.except).toEqual([
        './gamma',
        './module.ts',
        './alpha/index.ts',
        './beta/index.ts',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuse a ledger file other than ledger/index.ts, from anywhere outside the ledger', async () => {
    await expectRefused(
      [
        [
          'apps/server/src/modules/transfers/Wall.ts',
          "import { currentAccountOf as used } from '../../ledger/accounts.js';",
        ],
        [
          'apps/server/src/plugins/Wall.ts',
          "import { getBalance as used } from '../ledger/reads';",
        ],
        [
          'apps/server/src/cli/Wall.ts',
          "import { checkLedger as used } from '../ledger/check.js';",
        ],
        ['apps/server/src/Wall.ts', "import { postEntry as used } from './ledger/post.js';"],
        [
          'apps/server/test/transfers/Wall.ts',
          "import { postEntry as used } from '../../src/ledger/post.js';",
        ],
      ],
      LEDGER_WALL,
    );
  });

  it('refuse platform code importing a module, the ledger or the app', async () => {
    await expectRefused(
      [
        [
          'apps/server/src/platform/security/Wall.ts',
          "import { users as used } from '../../modules/users/index.js';",
        ],
        ['apps/server/src/platform/Wall.ts', "import type { AppDeps as used } from '../deps.js';"],
        [
          'apps/server/src/platform/audit/Wall.ts',
          "import { postEntry as used } from '../../ledger/index.js';",
        ],
        [
          'apps/server/src/platform/Wall.ts',
          "import { staffOf as used } from '../plugins/access.js';",
        ],
      ],
      PLATFORM_WALL,
    );
  });

  it('refuse the ledger importing a module or the app', async () => {
    await expectRefused(
      [
        [
          'apps/server/src/ledger/Wall.ts',
          "import { users as used } from '../modules/users/index.js';",
        ],
        ['apps/server/src/ledger/Wall.ts', "import type { AppDeps as used } from '../deps.js';"],
      ],
      /The ledger never imports a module or the app/,
    );
  });

  it('let a module use other modules through index.ts, its own files, the ledger API, platform and contract', async () => {
    expect(
      await wallsBroken(
        'apps/server/src/modules/transfers/Wall.ts',
        [
          "import { formatMoney } from '@bank/contract';",
          "import type { AppDeps } from '../../deps.js';",
          "import type { DB } from '../../db/schema.js';",
          "import { postEntry } from '../../ledger/index.js';",
          "import { AppError } from '../../platform/errors.js';",
          "import { users } from '../users/index.js';",
          "import { currentPlanOf } from '../../modules/catalog/index';",
          "import * as auth from '../auth';",
          "import type { AppModule } from '../module.js';",
          "import * as repo from './repo.js';",
          "const views = await import('./views.js');",
          'export type { AppDeps, AppModule, DB };',
          'export const used = [formatMoney, postEntry, AppError, users, currentPlanOf, auth, repo, views];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await wallsBroken(
        'apps/server/src/modules/auth/mfa/Wall.ts',
        "import { signupJob } from '../signup.js';\nimport { users } from '../../users/index.js';\nexport const used = [signupJob, users];\n",
      ),
    ).toEqual([]);
  });

  it('let the ledger use its own files and the platform, and the ledger tests its internals', async () => {
    expect(
      await wallsBroken(
        'apps/server/src/ledger/Wall.ts',
        "import { findAccount } from './accounts.js';\nimport { AppError } from '../platform/errors.js';\nimport type { DB } from '../db/schema.js';\nexport type { DB };\nexport const used = [findAccount, AppError];\n",
      ),
    ).toEqual([]);
    expect(
      await wallsBroken(
        'apps/server/test/ledger/Wall.test.ts',
        "import { generateAccountNumber } from '../../src/ledger/account-number.js';\nexport const used = generateAccountNumber;\n",
      ),
    ).toEqual([]);
  });

  it('let platform code use the platform and the database types', async () => {
    expect(
      await wallsBroken(
        'apps/server/src/platform/security/Wall.ts',
        "import type { DB } from '../../db/schema.js';\nimport { AppError } from '../errors.js';\nimport { audit } from '../audit/index.js';\nexport type { DB };\nexport const used = [AppError, audit];\n",
      ),
    ).toEqual([]);
  });
});

/** Every source file of the server (tests aside), as [path from src, text]. */
async function serverSources(): Promise<[string, string][]> {
  const src = fileURLToPath(new URL('.', import.meta.url));
  const files = await readdir(src, { recursive: true, withFileTypes: true });
  return Promise.all(
    files
      .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !/\.test\.tsx?$/.test(f.name))
      .map(async (f) => {
        const path = join(f.parentPath, f.name);
        return [relative(src, path), await readFile(path, 'utf8')] as [string, string];
      }),
  );
}

/** The lines of `text` that match `pattern`, numbered. */
const matching = (text: string, pattern: RegExp) =>
  text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${i + 1}: ${line.trim()}`] : []));

/** SQL naming a money table (`postings` as a word is also the ledger API's field name). */
const MONEY_SQL =
  /\b(ledger_accounts|journal_entries)\b|['"`]postings\b|\b(from|join|into|update)\s+postings\b/i;
/** SQL writing the users table, built or raw. */
const USERS_WRITE =
  /(updateTable|insertInto|deleteFrom|mergeInto)\(\s*['"`]users\b|\b(update|insert\s+into|delete\s+from)\s+users\b/i;

describe('table walls', () => {
  it('name the money tables in SQL only inside the ledger (and the migrations)', async () => {
    const found = (await serverSources())
      .filter(([path]) => !path.startsWith('ledger/') && !path.startsWith('db/'))
      .flatMap(([path, text]) => matching(text, MONEY_SQL).map((line) => `${path}:${line}`));
    expect(found).toEqual([]);
  });

  it('write the users table only in the users module', async () => {
    const found = (await serverSources())
      .filter(([path]) => !path.startsWith('modules/users/') && !path.startsWith('db/'))
      .flatMap(([path, text]) => matching(text, USERS_WRITE).map((line) => `${path}:${line}`));
    expect(found).toEqual([]);
  });

  it('recognise the statements they look for, and not the ledger API', () => {
    for (const line of [
      ".selectFrom('ledger_accounts')",
      ".innerJoin('journal_entries as e', 'e.id', 'f.opening_entry_id')",
      ".selectFrom('postings as p')",
      'select sum(amount) from postings where account_id = $1',
      'from transfers t join postings p on p.entry_id = t.entry_id',
    ]) {
      expect(MONEY_SQL.test(line), line).toBe(true);
    }
    expect(MONEY_SQL.test('postings: [{ accountId, amount, currency }],')).toBe(false);
    for (const line of [
      ".updateTable('users')",
      'db.insertInto("users")',
      'await sql`update users set plan_id = ${id}`',
      'delete from users where id = $1',
    ]) {
      expect(USERS_WRITE.test(line), line).toBe(true);
    }
    expect(USERS_WRITE.test(".selectFrom('users')")).toBe(false);
  });
});
