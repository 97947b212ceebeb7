// npm run dev: the API server (restarts on change) and Vite's dev server (hot reload, /api
// proxied to the API server), together; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const webPort = process.env.WEB_DEV_PORT ?? '5173';
const basePath = process.env.BASE_PATH ?? '/wp-user';
const env = { ...process.env, PORT: port, WEB_DEV_PORT: webPort, BASE_PATH: basePath };

const children = [
  spawn('npm', ['run', 'dev', '-w', '@bank/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@bank/web'], { stdio: 'inherit', env }),
];
console.log(
  `\n  app (hot reload): http://localhost:${webPort}${basePath}/\n  API:              http://localhost:${port}/api/docs\n`,
);

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
