import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `layers/no-restricted-paths`: the walls between parts of the web app and of the server, drawn
 * between files, not between import strings, so '../auth/x' and '../../features/auth/x' are the
 * same import.
 *
 * Options: `{ root, zones: [{ target, targetExcept?, from, except?, message }] }`. `target` and
 * `from` are paths (or lists of paths) relative to `root`, each a folder or a file with or
 * without its extension; `targetExcept` lists paths (relative to `root`) inside `target` that the
 * zone leaves out; `except` lists paths relative to `from` that stay open. A file inside a
 * `target` (and outside every `targetExcept`) that imports a file inside a `from` (and outside
 * every `except`) is reported with the zone's message.
 *
 * An import of a folder ('../auth', '../auth/') is an import of its index file, as the bundler
 * resolution reads it: `except: ['./auth/index.ts']` lets it through, `./auth/repo.ts` does not.
 *
 * Only relative imports are judged: packages are never part of a wall, and the type checker
 * already refuses an import that does not resolve.
 */

const withoutExtension = (file) => file.replace(/\.(?:[cm]?[jt]sx?|json)$/u, '');

/** Whether `file` is `place` or lies inside it (both absolute, extensions ignored). */
function within(file, place) {
  const bare = withoutExtension(file);
  const root = withoutExtension(place);
  return bare === root || bare.startsWith(`${root}${path.sep}`);
}

const list = (value) => (Array.isArray(value) ? value : [value]);

/** The file an import names: a folder stands for its index file. */
function importedFile(resolved) {
  try {
    if (statSync(resolved).isDirectory()) return path.join(resolved, 'index');
  } catch {
    // Not on disk as written (an extension to resolve): the path itself.
  }
  return resolved;
}

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keep web features, shared code and the app, and server modules, the ledger and the platform, in their layers.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: {
                  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
                },
                targetExcept: { type: 'array', items: { type: 'string' } },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, zones } = context.options[0];
    const here = context.filename;
    const absolute = (relative) => path.resolve(root, relative);
    const active = zones.filter(
      (zone) =>
        list(zone.target).some((target) => within(here, absolute(target))) &&
        !(zone.targetExcept ?? []).some((left) => within(here, absolute(left))),
    );
    if (active.length === 0) return {};

    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = importedFile(path.resolve(path.dirname(here), source.replace(/\?.*$/u, '')));
      for (const zone of active) {
        const blocked = list(zone.from).some((from) => {
          const base = absolute(from);
          if (!within(imported, base)) return false;
          return !(zone.except ?? []).some((open) => within(imported, path.resolve(base, open)));
        });
        if (blocked) {
          context.report({ node: node.source, message: zone.message });
          return;
        }
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Versioned by its own source: eslint's cache (`npm run lint`) keys results on the plugins'
 * versions, so a change to this rule lints every file again.
 */
const version = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .digest('hex')
  .slice(0, 12);

export default {
  meta: { name: 'layers', version },
  rules: { 'no-restricted-paths': noRestrictedPaths },
};
