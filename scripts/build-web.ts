/**
 * `npm run build`: the web app for the browser (dist/web) and its server renderer (dist/server,
 * src/web/entry-server.tsx, which pre-renders the landing pages). npm start runs it when the
 * build is missing or stale.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds into `outDir`/web and `outDir`/server (the server renderer is found beside the web
 * build). `outDir` must be inside the project: the renderer imports React from node_modules.
 */
export async function buildWeb(outDir = path.join(root, 'dist')) {
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
