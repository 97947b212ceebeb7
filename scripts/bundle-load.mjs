// What a page of the built web app downloads before it shows: the pure part of
// scripts/check-bundle.mjs, kept apart so a test can run it over a made-up build.
import path from 'node:path';

/**
 * The chunks index.html itself asks for: module scripts and modulepreload links, as paths
 * inside dist (`assets/index-abc.js`).
 */
export function htmlScripts(html) {
  const files = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const [text, name] = tag;
    const isModule =
      name === 'script' ? /\btype="module"/.test(text) : /\brel="modulepreload"/.test(text);
    const url = text.match(name === 'script' ? /\bsrc="([^"]+)"/ : /\bhref="([^"]+)"/)?.[1];
    if (isModule && url) files.push(url.replace(/^\.?\//, ''));
  }
  return files;
}

/**
 * `files` and every chunk they import statically, however deep, read from Vite's manifest.
 * Dynamic imports are left out: they load later, when something asks for them.
 */
export function withStaticImports(manifest, files) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const found = new Set();
  const visit = (file) => {
    if (found.has(file)) return;
    found.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`manifest: ${file} imports ${key}, which it does not list`);
      visit(imported.file);
    }
  };
  files.forEach(visit);
  return found;
}

/**
 * The chunk holding each of `modules` (absolute source paths), from the chunks' source maps
 * (`maps`: the chunk's file in dist, its map's folder and its `sources`). A module no chunk holds
 * is an error: the route was renamed, or the build has no source maps.
 */
export function chunksHolding(maps, modules) {
  const holders = new Map();
  for (const { file, mapDir, sources } of maps) {
    for (const source of sources) {
      const module = path.resolve(mapDir, source);
      holders.set(module, [...(holders.get(module) ?? []), file]);
    }
  }
  return modules.map((module) => {
    const files = holders.get(module);
    if (!files) throw new Error(`no chunk holds ${module}: was it renamed or moved?`);
    return { module, files };
  });
}

/**
 * Every JavaScript file a route's first load needs: what index.html loads (the entry and its
 * modulepreloads), the chunks holding the route's own modules (lazy routes), and all that these
 * import statically. A route bundled into the entry counts through the entry.
 */
export function routeLoad({ manifest, html, routeChunks }) {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  const pageScripts = htmlScripts(html);
  for (const entry of entries) {
    if (!pageScripts.includes(entry.file)) {
      throw new Error(`index.html does not load the entry chunk ${entry.file}: stale build?`);
    }
  }
  return [...withStaticImports(manifest, [...pageScripts, ...routeChunks])].sort();
}
