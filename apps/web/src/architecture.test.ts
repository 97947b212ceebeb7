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

describe('walls between the back office areas', { timeout: 60_000 }, () => {
  it('refuse an area importing another area, however the path is written', async () => {
    const cases: [string, string][] = [
      [
        'apps/web/src/features/admin/funding/Wall.tsx',
        "import { Decision as used } from '../kyc/Decision';",
      ],
      [
        'apps/web/src/features/admin/kyc/Wall.tsx',
        "import { STATUS_LABELS as used } from '../../admin/transfers/labels';",
      ],
      [
        'apps/web/src/features/admin/catalog/api/Wall.ts',
        "import { useKycDecision as used } from '../../kyc/api';",
      ],
      [
        'apps/web/src/features/admin/transfers/Wall.test.tsx',
        "import { KIND_LABELS as used } from '../funding/labels';",
      ],
    ];
    for (const [path, source] of cases) {
      const broken = await wallsBroken(path, `${source}\nexport { used };\n`);
      expect(broken, `${path}: ${source}`).toHaveLength(1);
      expect(broken[0]).toMatch(/A back-office area imports only its own folder/);
    }
  });

  it('refuse an area importing the shell that wires it in, and shared code importing an area', async () => {
    expect(
      await wallsBroken(
        'apps/web/src/features/admin/transfers/Wall.tsx',
        "import { STAFF_AREAS } from '../areas';\nexport const used = STAFF_AREAS;\n",
      ),
    ).toHaveLength(1);
    const broken = await wallsBroken(
      'apps/web/src/features/admin/shared/Wall.tsx',
      "import { KycQueuePage } from '../kyc/KycQueuePage';\nexport const used = KycQueuePage;\n",
    );
    expect(broken).toEqual([
      "The back office's shared code never depends on an area or on the shell.",
    ]);
  });

  it('let an area use the shared admin code, its own files and the app-wide shared code', async () => {
    expect(
      await wallsBroken(
        'apps/web/src/features/admin/kyc/Wall.tsx',
        [
          "import { QueuePage } from '../shared/QueuePage';",
          "import { staffMe } from '../../admin/shared/testing';",
          "import { Decision } from './Decision';",
          "import { Button } from '../../../components/ui/Button';",
          "import { api } from '../../../lib/api';",
          'export const used = [QueuePage, staffMe, Decision, Button, api];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('let the shell wire every area in', async () => {
    expect(
      await wallsBroken(
        'apps/web/src/features/admin/Wall.tsx',
        [
          "import { KycQueuePage } from './kyc/KycQueuePage';",
          "import { TransferQueuePage } from './transfers/TransferQueuePage';",
          "import { panelClass } from './shared/panel';",
          'export const used = [KycQueuePage, TransferQueuePage, panelClass];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
