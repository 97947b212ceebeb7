/** What the benches that run the whole app share (apart from bench/common.ts, which the ledger bench uses without the app). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/connection.js';
import { createDeps } from '../apps/server/src/deps.js';

/**
 * The app's dependencies as the benches build them: main.ts's, on `database`, quiet, with a
 * scratch uploads folder that `removeUploads` deletes.
 */
export function benchDeps(database: Database, secretKey: string) {
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-uploads-'));
  const deps = createDeps({
    config: {
      basePath: '/wp-user',
      env: 'test',
      logLevel: 'silent',
      trustProxy: false,
      secretKey,
      appUrl: 'http://127.0.0.1/wp-user',
      publicOrigin: undefined,
      currency: 'USD',
    },
    database,
    uploadsDir: uploads,
  });
  return { deps, removeUploads: () => rmSync(uploads, { recursive: true, force: true }) };
}
