import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layersPlugin from './scripts/eslint/layers.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const WEB = './apps/web/src';
/** Folders every layer may use: the web app's shared code. */
const SHARED = ['components', 'hooks', 'lib', 'layouts'].map((dir) => `${WEB}/${dir}`);
/** The app itself: it wires the features together, so nothing below may depend on it. */
const APP = [`${WEB}/router.tsx`, `${WEB}/main.tsx`];
/** The folders in `dir` (relative to this file). */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = foldersIn('apps/web/src/features');
const ADMIN = `${WEB}/features/admin`;
/** The back office's areas: every folder of features/admin but the code they share. */
const ADMIN_AREAS = foldersIn('apps/web/src/features/admin').filter((name) => name !== 'shared');

/**
 * One wall per feature, generated from the folder list so a new feature is walled in by being
 * created: it may import shared code and itself, never another feature (bulletproof-react).
 */
const featureWalls = FEATURES.map((name) => ({
  target: `${WEB}/features/${name}`,
  from: `${WEB}/features`,
  except: [`./${name}`],
  message: `A feature never imports another feature: move what both need to components, hooks or lib.`,
}));

/**
 * The same inside the back office, one wall per area folder: an area uses its own files and
 * features/admin/shared, never another area, nor the shell that wires the areas in (areas.tsx,
 * routes.tsx, AdminLayout...), which loads each area's pages lazily.
 */
const adminWalls = [
  ...ADMIN_AREAS.map((name) => ({
    target: `${ADMIN}/${name}`,
    from: ADMIN,
    except: [`./${name}`, './shared'],
    message:
      'A back-office area imports only its own folder and features/admin/shared: move what two areas need to shared/.',
  })),
  {
    target: `${ADMIN}/shared`,
    from: ADMIN,
    except: ['./shared'],
    message: "The back office's shared code never depends on an area or on the shell.",
  },
];

/** The one-way flow: shared -> features -> app. */
const layers = [
  {
    target: SHARED,
    from: [`${WEB}/features`, ...APP, `${WEB}/test-utils.tsx`],
    message: 'Shared code (components, hooks, lib, layouts) never depends on a feature or the app.',
  },
  {
    target: `${WEB}/features`,
    from: APP,
    message: 'A feature never depends on the app that wires it in (router.tsx, main.tsx).',
  },
];

const TESTS = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test-utils.tsx'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, layers: layersPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The walls are drawn between resolved files, so '../auth/x' and '../../features/auth/x'
      // are the same import (scripts/eslint/layers.js).
      'layers/no-restricted-paths': [
        'error',
        { root: ROOT, zones: [...featureWalls, ...adminWalls, ...layers] },
      ],
    },
  },
  {
    // Tests render the whole route tree (test-utils), so they may reach the app; the walls
    // between features, and between the back office's areas, still hold.
    files: TESTS,
    rules: {
      'layers/no-restricted-paths': [
        'error',
        { root: ROOT, zones: [...featureWalls, ...adminWalls] },
      ],
    },
  },
  {
    files: ['apps/server/src/cli/**', 'bench/**', 'scripts/**', 'apps/web/e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
