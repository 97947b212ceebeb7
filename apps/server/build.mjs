// Bundles the server into dist/main.js (workspace packages inlined, npm dependencies left
// external) and copies the SQL migrations next to it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const rootPkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/cli/migrate.ts',
    'ledger-check': 'src/cli/ledger-check.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'staff-reset': 'src/cli/staff-reset.ts',
    'files-move': 'src/cli/files-move.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Email templates are React components (react-email).
  jsx: 'automatic',
  sourcemap: true,
  external,
  define: {
    __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? rootPkg.version ?? '0.0.0'),
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
