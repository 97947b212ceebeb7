import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Fixes the seed of every property test (fast-check), in every project. */
const FAST_CHECK = 'packages/test-support/src/fast-check.setup.ts';

// The database and command-line suites share their setup, including the global setup that makes
// the templates each suite's database is copied from, once per run.
const databaseSuite: TestProjectInlineConfiguration['test'] = {
  setupFiles: [FAST_CHECK, 'apps/server/vitest.setup.ts'],
  globalSetup: ['apps/server/vitest.global-setup.ts'],
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
          setupFiles: [FAST_CHECK],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [FAST_CHECK],
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/server/test/**/*.cli.test.ts'],
          ...databaseSuite,
        },
      },
      {
        // Suites that start the command-line tools as processes (seconds each, through tsx):
        // kept out of `npm test`, run by `npm run test:cli` and CI on both engines.
        test: {
          name: 'cli',
          include: ['apps/server/test/**/*.cli.test.ts'],
          ...databaseSuite,
          // Every process started pays for tsx and PGlite again: the test took 36 s on a busy 2-core box.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // The whole sign-up-to-dashboard journey takes 50-55 s on a quiet 2-core machine.
          testTimeout: 150_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
