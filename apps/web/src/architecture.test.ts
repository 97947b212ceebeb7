// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps features apart, run on imports written the ways people write them:
 * if the rule stopped resolving paths, these would pass silently and this test would fail.
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

describe('feature walls', { timeout: 60_000 }, () => {
  it('refuse a feature importing another feature, however the path is written', async () => {
    const cases: [string, string][] = [
      [
        'apps/web/src/features/kyc/Wall.tsx',
        "import { VerifyPage as used } from '../auth/VerifyPage';",
      ],
      [
        'apps/web/src/features/admin/catalog/Wall.tsx',
        "import { HomePage as used } from '../../dashboard/HomePage';",
      ],
      [
        'apps/web/src/features/dashboard/Wall.tsx',
        "import { KycPage as used } from '../../features/kyc/KycPage';",
      ],
    ];
    for (const [path, source] of cases) {
      const broken = await wallsBroken(path, `${source}\nexport { used };\n`);
      expect(broken, `${path}: ${source}`).toHaveLength(1);
      expect(broken[0]).toMatch(/A feature never imports another feature/);
    }
  });

  it('refuse shared code importing a feature or the app', async () => {
    expect(
      await wallsBroken(
        'apps/web/src/lib/Wall.ts',
        "import { routeForOutcome } from '../features/auth/outcome-route';\nexport const used = routeForOutcome;\n",
      ),
    ).toHaveLength(1);
    expect(
      await wallsBroken(
        'apps/web/src/components/ui/Wall.tsx',
        "import { routes } from '../../router';\nexport const used = routes;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuse a feature importing the app that wires it in', async () => {
    expect(
      await wallsBroken(
        'apps/web/src/features/auth/Wall.tsx',
        "import { routes } from '../../router';\nexport const used = routes;\n",
      ),
    ).toHaveLength(1);
  });

  it('let a feature use shared code and its own files', async () => {
    expect(
      await wallsBroken(
        'apps/web/src/features/kyc/Wall.tsx',
        [
          "import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';",
          "import { Button } from '../../components/ui/Button';",
          "import { api } from '../../lib/api';",
          "import { KycPage } from './KycPage';",
          'export const used = [useDelayedNavigate, Button, api, KycPage];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
