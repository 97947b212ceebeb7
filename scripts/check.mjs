/**
 * `npm run check` and `npm test`: lint, the type check and each given vitest project side by
 * side, one process each. Each one's output is held and printed whole when it ends; the exit
 * status is 1 when any of them failed.
 *
 *   node scripts/check.mjs unit web       # npm run check
 *   node scripts/check.mjs unit web db    # npm test
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const projects = process.argv.slice(2);
if (projects.length === 0) throw new Error('usage: node scripts/check.mjs <vitest project>...');

/**
 * Projects none of whose tests time what they check: they start with lint and the type check.
 * The others (the upload intake's refusals in unit, the intake and the session cache in db) start
 * once those two are done: a cold run's lint and type check beside them took a refusal past its
 * 2 s on a loaded machine. Warm, lint and types take seconds; cold, the unit tests still end
 * before the web tests.
 */
const BESIDE_LINT = new Set(['web']);

const lint = { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] };
const typecheck = { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] };
// A vitest process per project: one run of several projects gets a single worker, and hands
// the files of all but the first project to it one at a time (a fresh page for every web file).
const tests = (project) => ({
  name: `${project} tests`,
  command: 'vitest',
  args: ['run', '--project', project],
});

const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
};
const children = new Set();
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run({ name, command, args }) {
  const since = performance.now();
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (ok, why) => {
      if (!children.delete(child)) return; // 'close' may follow 'error'
      const verdict = `${ok ? 'passed' : `FAILED (${why})`} in ${seconds(since)}`;
      process.stdout.write(`\n── ${name}: ${verdict}\n${Buffer.concat(output)}`);
      resolve({ name, ok, verdict });
    };
    child.on('error', (error) => finish(false, error.message));
    child.on('close', (code, signal) => finish(code === 0, signal ?? `exit status ${code}`));
  });
}

// Ctrl-C reaches every process of the group; a SIGTERM to this one alone is passed on.
for (const [signal, status] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(status);
  });
}

const beside = projects.filter((project) => BESIDE_LINT.has(project)).map(tests);
const after = projects.filter((project) => !BESIDE_LINT.has(project)).map(tests);
const names = (tasks) => tasks.map((task) => task.name).join(', ');
console.log(
  `Running ${names([lint, typecheck, ...beside])} side by side` +
    (after.length ? `; ${names(after)} once lint and typecheck are done…` : '…'),
);
const lintAndTypes = Promise.all([run(lint), run(typecheck)]);
const results = (
  await Promise.all([
    lintAndTypes,
    ...beside.map(run),
    ...after.map((task) => lintAndTypes.then(() => run(task))),
  ])
).flat();
console.log(`\n── ${seconds(started)} in all`);
for (const { name, verdict } of results) console.log(`   ${name}: ${verdict}`);
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
