import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Fixes the seed of every property test (fast-check), in every project. */
const FAST_CHECK = 'packages/test-support/src/fast-check.setup.ts';
/**
 * A guard against a test that hangs, not a measure of speed: tests of about a second (argon2
 * under a flood, a page filled in by keyboard) passed 5 s on this 2-core machine under load.
 */
const HANG_GUARD_MS = 30_000;

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
            // The web app's lint walls, checked in node: out of the web project, whose files share
            // one jsdom only when they share the environment of the first file vitest picks.
            'apps/web/src/architecture.test.ts',
          ],
          environment: 'node',
          setupFiles: [FAST_CHECK],
          testTimeout: HANG_GUARD_MS,
          // Pure code that mocks nothing and changes no global: one module cache for all files.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'apps/web/src/architecture.test.ts'],
          environment: 'jsdom',
          // One jsdom and one import of the app for all files, put back after each file by
          // test-setup.ts: a fresh page and app per file made the run cost 157 s of CPU, not 48.
          isolate: false,
          setupFiles: [FAST_CHECK, 'apps/web/src/test-setup.ts'],
          testTimeout: HANG_GUARD_MS,
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
          // The whole sign-up-to-dashboard journey takes 50-55 s on a quiet 2-core machine and
          // 130-150 s at load 8; the funding journey, with a second approver, about as long.
          testTimeout: 300_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
