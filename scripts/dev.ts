/**
 * `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload,
 * which proxies /api and /media to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    // People open Vite's server: links in emails point there, and sign-in trusts its origin.
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, PORT: '3000' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
