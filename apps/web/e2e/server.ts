import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

export interface RunningServer {
  url: string;
  /** The data folder: the local mailbox is its mailbox/ folder. */
  dataDir: string;
  /** Stops the app; the data folder goes too unless `keepData` (to start the app on it again). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the built app (`npm run build` first) as a newcomer would: embedded database in a new
 * data folder (or `dataDir`, prepared by a fixture), a free port. Resolves with the URL it prints
 * when ready.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-')),
): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /bank ready at (http:\/\/\S+?)\/wp-user\//.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    stop: async (options = {}) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
