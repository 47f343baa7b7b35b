/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then
 * runs the server (which migrates, seeds a fresh install, and listens).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/web/index.html');
const builtRenderer = path.join(root, 'dist/server/entry-server.js');
const sources = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/vite',
  'scripts/build-web.ts',
  'package-lock.json',
];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(full))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const stale =
  !existsSync(builtIndex) ||
  !existsSync(builtRenderer) ||
  statSync(builtIndex).mtimeMs < Math.max(...sources.map(newestMtime));
if (stale) {
  console.log('Building the web app (vite build)…');
  const { buildWeb } = await import('./build-web.ts');
  await buildWeb();
}

await import('../src/server/server.ts');
