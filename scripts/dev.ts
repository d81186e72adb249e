/**
 * `npm run dev`: the API with reload (tsx watch) on API_PORT and the Vite dev server with
 * hot reload on PORT, which proxies /api to the API. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const apiPort = '3001';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'scripts/dev-api.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: 'http://localhost:3000' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
