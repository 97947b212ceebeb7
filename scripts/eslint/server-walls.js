import { readdirSync } from 'node:fs';

/**
 * The walls of the server (ARCHITECTURE.md, "A module owns its tables"), as zones for
 * `layers/no-restricted-paths` (layers.js). The module walls are generated from the folder list,
 * so a new module is walled in by being created; the ledger's wall covers the whole server and
 * its tests but the ledger's own folders.
 *
 * - A module (`modules/<a>/`) imports another module only through `modules/<b>/index.ts`, and
 *   may use `modules/module.ts` (the module shape); never the wiring (`modules/index.ts`).
 * - Nothing outside `ledger/` imports a ledger file other than `ledger/index.ts` (the ledger's
 *   own tests aside): money tables are read and written only through its API.
 * - The platform sits below the ledger and the modules, and the ledger below the modules:
 *   neither imports what is built on it (nor the app that wires everything together).
 */

const SERVER = './apps/server/src';
const TESTS = './apps/server/test';

const entries = (dir, root) =>
  readdirSync(new URL(dir, root), { withFileTypes: true }).filter(
    (entry) => !entry.name.startsWith('.'),
  );

/** @param {URL} root the repository root */
export function serverWalls(root) {
  const modules = entries(`${SERVER}/modules/`, root)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  const moduleWalls = modules.map((name) => ({
    target: `${SERVER}/modules/${name}`,
    from: `${SERVER}/modules`,
    except: [
      `./${name}`,
      './module.ts',
      ...modules.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
    ],
    message: `A module imports another module only through its index.ts (modules/<name>/index.ts): export what "${name}" needs there.`,
  }));

  const ledgerWall = {
    target: [SERVER, TESTS],
    targetExcept: [`${SERVER}/ledger`, `${TESTS}/ledger`],
    from: `${SERVER}/ledger`,
    except: ['./index.ts'],
    message:
      'The ledger is used only through ledger/index.ts: export what is needed there (money tables have one API).',
  };

  /** What the app builds on the platform and the ledger: neither may depend on it. */
  const above = ['modules', 'plugins', 'cli', 'app.ts', 'main.ts', 'deps.ts'].map(
    (name) => `${SERVER}/${name}`,
  );
  const platformWall = {
    target: `${SERVER}/platform`,
    from: [...above, `${SERVER}/ledger`],
    message:
      'Platform code never imports a module, the ledger or the app (deps.ts, app.ts, plugins): give it what it needs as a function or a value.',
  };
  const ledgerBelowModules = {
    target: `${SERVER}/ledger`,
    from: above,
    message:
      'The ledger never imports a module or the app (deps.ts, app.ts, plugins): modules call the ledger, not the other way round.',
  };

  return [...moduleWalls, ledgerWall, platformWall, ledgerBelowModules];
}
