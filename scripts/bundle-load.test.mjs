import { describe, expect, it } from 'vitest';
import { chunksHolding, htmlScripts, routeLoad } from './bundle-load.mjs';

/** A made-up build: the entry preloads the framework; the sign-in page and a chart page are lazy. */
const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-b.js'],
    dynamicImports: ['src/SigninPage.tsx', 'src/ChartPage.tsx'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_form-c.js': { file: 'assets/form-c.js', imports: ['_react-b.js'] },
  'src/SigninPage.tsx': {
    file: 'assets/SigninPage-d.js',
    isDynamicEntry: true,
    imports: ['_form-c.js', '_react-b.js'],
  },
  'src/ChartPage.tsx': {
    file: 'assets/ChartPage-e.js',
    isDynamicEntry: true,
    imports: ['_charts-f.js'],
  },
  '_charts-f.js': { file: 'assets/charts-f.js' },
};

const html = `<!doctype html><head>
<script type="module" crossorigin src="./assets/index-a.js" nonce="n"></script>
<link rel="modulepreload" crossorigin href="./assets/react-b.js">
<link rel="stylesheet" crossorigin href="./assets/index-g.css">
<script src="./legacy.js"></script>
</head>`;

describe('htmlScripts', () => {
  it('lists the module scripts and modulepreloads, not stylesheets or classic scripts', () => {
    expect(htmlScripts(html)).toEqual(['assets/index-a.js', 'assets/react-b.js']);
  });
});

describe('routeLoad', () => {
  it("counts the entry, its preloads, the route's lazy chunk and what that imports, never other lazy pages", () => {
    const files = routeLoad({ manifest, html, routeChunks: ['assets/SigninPage-d.js'] });
    expect(files).toEqual([
      'assets/SigninPage-d.js',
      'assets/form-c.js',
      'assets/index-a.js',
      'assets/react-b.js',
    ]);
  });

  it('counts a page bundled into the entry through the entry', () => {
    const files = routeLoad({ manifest, html, routeChunks: ['assets/index-a.js'] });
    expect(files).toEqual(['assets/index-a.js', 'assets/react-b.js']);
  });

  it('refuses a page that does not load the entry (a stale index.html)', () => {
    const stale = html.replace('index-a.js', 'index-old.js');
    expect(() => routeLoad({ manifest, html: stale, routeChunks: [] })).toThrow(/entry chunk/);
  });
});

describe('chunksHolding', () => {
  const maps = [
    { file: 'assets/index-a.js', mapDir: '/web/dist/assets', sources: ['../../src/main.tsx'] },
    {
      file: 'assets/SigninPage-d.js',
      mapDir: '/web/dist/assets',
      sources: ['../../src/SigninPage.tsx', '../../src/PasswordStep.tsx'],
    },
  ];

  it('finds the chunk each source module went into', () => {
    expect(chunksHolding(maps, ['/web/src/main.tsx', '/web/src/PasswordStep.tsx'])).toEqual([
      { module: '/web/src/main.tsx', files: ['assets/index-a.js'] },
      { module: '/web/src/PasswordStep.tsx', files: ['assets/SigninPage-d.js'] },
    ]);
  });

  it('refuses a module no chunk holds, instead of leaving it out of the count', () => {
    expect(() => chunksHolding(maps, ['/web/src/Renamed.tsx'])).toThrow(/no chunk holds/);
  });
});
