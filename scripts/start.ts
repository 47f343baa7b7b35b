/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then
 * runs the server (which migrates, seeds a fresh install, and listens).
 */
import { buildWeb, isWebBuildStale } from './build-web.ts';

if (isWebBuildStale()) {
  console.log('Building the web app (vite build)…');
  await buildWeb();
}

await import('../src/server/server.ts');
