/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then
 * runs the server (which migrates, seeds a fresh install, and listens).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

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
  !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < Math.max(...sources.map(newestMtime));
if (stale) {
  console.log('Building the web app (vite build)…');
  const { build } = await import('vite');
  // Always a production bundle: Vite honours an outer NODE_ENV (test, development) over its mode.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

await import('../src/server/server.ts');
