import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const basePath = process.env.BASE_PATH ?? '/wp-user';

const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

/** In development the dev server plays the part of the app server and sets <base href>. */
const devBaseHref: Plugin = {
  name: 'dev-base-href',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}/" />`),
};

export default defineConfig(({ command }) => ({
  // One build for any base path: assets are relative to the page's <base href>.
  base: command === 'build' ? './' : `${basePath}/`,
  plugins: [
    react(),
    tailwindcss(),
    devBaseHref,
    // Every text asset also written brotli- and gzip-compressed at the strongest levels, once per
    // build (decision 30); the server sends the variant the browser accepts (@fastify/static
    // `preCompressed`). index.html is left out: the server rewrites it for every response (its
    // nonce), so it is compressed as it is sent.
    compression({
      include: /\.(js|mjs|css|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  // React Router's package exports only its development build (remix-run/react-router#14102):
  // a production build takes the production one, without the development warnings.
  resolve: command === 'build' ? { alias: [reactRouterProduction] } : {},
  // The server puts a fresh nonce here in every page it sends (apps/server/src/plugins/web.ts),
  // and into that page's style-src; the app hands it to the UI libraries that insert <style>.
  html: { cspNonce: '__CSP_NONCE__' },
  // The manifest (dist/.vite/manifest.json, never served) and the source maps tell
  // scripts/check-bundle.mjs which chunks the sign-in page loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the build targets (baseline widely available) knows modulepreload.
    modulePreload: { polyfill: false },
    // Everything the first page needs in one chunk (a file compresses better than its parts);
    // pages loaded later import from it (issue 8: the sign-in page's download).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
}));
