// npm run check:bundle (after `npm run build`): the sign-in page's JavaScript, gzipped, against
// its budget. Counts what a first visit to /auth/signin downloads before the page shows: the
// entry chunk and its modulepreloads from index.html, the chunks holding the sign-in route's
// modules (lazy routes) and everything those import statically. Exit status 1 over budget;
// `--budget-kb <n>` checks against another figure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chunksHolding, routeLoad } from './bundle-load.mjs';

const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url));
const DIST = path.join(WEB, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

/** The modules /auth/signin renders: the app, the route tree and guard, the layout and page. */
const SIGNIN_MODULES = [
  'src/main.tsx',
  'src/router.tsx',
  'src/lib/session.tsx',
  'src/layouts/AuthLayout.tsx',
  'src/features/auth/signin/SigninPage.tsx',
  'src/features/auth/signin/PasswordStep.tsx',
].map((module) => path.join(WEB, module));

/**
 * Issue 8's budget. The sign-in page loads 144.4 kB (one entry chunk and rolldown's runtime):
 * react-dom with its scheduler 65 kB, react-router 29.5, zod with the contract schemas the page
 * uses 27, TanStack Query 10, react 3, the app's own code 8. It stays under the budget because the
 * first page's modules share one chunk, the sign-in form has no react-hook-form (the contract's
 * `signinSchema` checks it), the session query and the query keys live apart from the other pages'
 * reads, the contract is marked free of side effects, the emailed-code step loads when needed, so
 * does the passkey sign-in with @simplewebauthn/browser (when its button is pressed), the
 * error page and the passkey button draw their icons without lucide, and the build takes React Router's production files
 * (apps/web/vite.config.ts).
 */
const BUDGET_KB = 150;

const { values } = parseArgs({
  options: { 'budget-kb': { type: 'string', default: String(BUDGET_KB) } },
});
const budgetKb = Number(values['budget-kb']);
if (!(budgetKb > 0)) fail(`--budget-kb must be a positive number, not "${values['budget-kb']}"`);

if (!existsSync(MANIFEST)) {
  fail(`${path.relative(process.cwd(), MANIFEST)} is missing: run \`npm run build\` first`);
}

try {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const holders = chunksHolding(sourceMaps(), SIGNIN_MODULES);
  const files = routeLoad({ manifest, html, routeChunks: holders.flatMap(({ files }) => files) });
  report(files);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

/**
 * Every chunk's source map: which source files each chunk holds. Generated chunks (rolldown's
 * runtime) have none and hold no source file.
 */
function sourceMaps() {
  const assets = path.join(DIST, 'assets');
  const maps = readdirSync(assets)
    .filter((name) => name.endsWith('.js') && existsSync(path.join(assets, `${name}.map`)))
    .map((name) => {
      const { sources } = JSON.parse(readFileSync(path.join(assets, `${name}.map`), 'utf8'));
      return { file: `assets/${name}`, mapDir: assets, sources };
    });
  if (maps.length === 0) throw new Error('the build has no source maps: the check needs them');
  return maps;
}

function report(files) {
  // zlib's default level, as `gzip` and most servers use; kB as Vite prints them (1000 bytes).
  const sizes = files.map((file) => ({
    file,
    gzip: gzipSync(readFileSync(path.join(DIST, file))).length,
  }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
  console.log('Sign-in page (/auth/signin), JavaScript loaded before it shows, gzipped:');
  for (const { file, gzip } of sizes) console.log(`  ${kb(gzip).padStart(10)}  ${file}`);
  console.log(`  ${kb(total).padStart(10)}  total, budget ${budgetKb} kB`);
  if (total > budgetKb * 1000) {
    fail(
      `the sign-in page ships ${kb(total)} of JavaScript gzipped, over its ${budgetKb} kB budget: ` +
        'load pages with the route `lazy` (apps/web/src/router.tsx) instead of in the entry chunk, ' +
        "and keep what only other pages use (react-hook-form, their queries' schemas) off its path",
    );
  }
}

function fail(message) {
  console.error(`check:bundle: ${message}`);
  process.exit(1);
}
