/**
 * The processes the harnesses start and kill: the built app server (`node
 * apps/server/dist/main.js`, as production runs it), HAProxy, and a private PostgreSQL cluster
 * for the runs that restart the database. Every process is started by the harness and ended by
 * its own pid; their output goes to files in the run's folder.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './http.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/** The built server is what production runs; build it when it is missing. */
export function ensureBuilt() {
  if (existsSync(serverEntry) && existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    return;
  }
  console.log('building the app (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

export interface AppServerOptions {
  name: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  logDir: string;
  env?: Record<string, string>;
}

/** One app server that can be killed and started again on the same port and data folder. */
export class AppServer {
  child: ChildProcess | undefined;
  starts = 0;
  kills = 0;

  constructor(readonly options: AppServerOptions) {}

  get url() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  async start(timeoutMs = 60_000) {
    const { name, port, dataDir, databaseUrl, logDir, env } = this.options;
    mkdirSync(dataDir, { recursive: true });
    mkdirSync(logDir, { recursive: true });
    this.starts += 1;
    const log = openSync(path.join(logDir, `${name}.log`), 'a');
    this.child = spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SECRET_KEY: 'f'.repeat(64),
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: '10',
        ...env,
      },
      stdio: ['ignore', log, log],
    });
    await waitHealthy(this.url, timeoutMs, this.child);
  }

  /** SIGKILL: no shutdown hook runs, requests in flight are cut, as in a crash. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.kills += 1;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
    this.child = undefined;
  }
}

function get(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Waits until GET /api/health answers 200 (the database answered too). */
export async function waitHealthy(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${url}: the server exited (${child.exitCode}) before it was healthy`);
    }
    if ((await get(`${url}/api/health`)) === 200) return;
    await sleep(100);
  }
  throw new Error(`${url}: not healthy within ${timeoutMs} ms`);
}

/**
 * A PostgreSQL cluster of our own (Debian's pg_createcluster), so that an immediate restart
 * mid-load hits nobody else's databases. Trust authentication on 127.0.0.1 only.
 */
export class PrivateCluster {
  constructor(
    readonly version: string,
    readonly name: string,
    readonly port: number,
  ) {}

  get serverUrl() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  create() {
    this.drop();
    execFileSync(
      'pg_createcluster',
      [
        this.version,
        this.name,
        '--port',
        String(this.port),
        '--start',
        '--',
        '--auth-local=trust',
        '--auth-host=trust',
        '--no-sync',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    // Debian's postgresql.conf reads conf.d/ last.
    writeFileSync(
      `/etc/postgresql/${this.version}/${this.name}/conf.d/harness.conf`,
      "listen_addresses = '127.0.0.1'\nmax_connections = 200\n",
    );
    execFileSync('pg_ctlcluster', [this.version, this.name, 'restart']);
  }

  /** Like a power cut for the database: no checkpoint, every connection dropped, WAL replayed. */
  restartImmediate() {
    execFileSync('pg_ctlcluster', [this.version, this.name, 'restart', '-m', 'immediate']);
  }

  drop() {
    try {
      execFileSync('pg_dropcluster', [this.version, this.name, '--stop'], { stdio: 'ignore' });
    } catch {
      // none to drop
    }
  }
}

export function have(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
