/**
 * `npm run build`: the web app for the browser (dist/web) and its server renderer (dist/server,
 * src/web/entry-server.tsx, which pre-renders the landing pages). `npm start` and `npm test` run
 * it when the build is missing or stale (`ensureWebBuild`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'dist');
/** What the build is made from: a change to any of these makes `dist` stale. */
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

/** True when dist/ lacks the web build or its renderer, or a source is newer than the build. */
export function isWebBuildStale(): boolean {
  const builtIndex = path.join(distDir, 'web/index.html');
  const builtRenderer = path.join(distDir, 'server/entry-server.js');
  return (
    !existsSync(builtIndex) ||
    !existsSync(builtRenderer) ||
    Math.min(statSync(builtIndex).mtimeMs, statSync(builtRenderer).mtimeMs) <
      Math.max(...sources.map(newestMtime))
  );
}

/** Builds dist/ when it is missing or stale; says whether it built. */
export async function ensureWebBuild(): Promise<boolean> {
  if (!isWebBuildStale()) return false;
  await buildWeb();
  return true;
}

/**
 * Builds into `outDir`/web and `outDir`/server (the server renderer is found beside the web
 * build). `outDir` must be inside the project: the renderer imports React from node_modules.
 */
export async function buildWeb(outDir = distDir) {
  const { build } = await import('vite');
  // Always a production bundle: Vite honours an outer NODE_ENV (test, development) over its mode.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const configFile = path.join(root, 'vite.config.ts');
  try {
    await build({
      configFile,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: path.join(outDir, 'web') },
    });
    await build({
      configFile,
      mode: 'production',
      logLevel: 'warn',
      build: {
        ssr: path.join(root, 'src/web/entry-server.tsx'),
        outDir: path.join(outDir, 'server'),
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildWeb();
}
