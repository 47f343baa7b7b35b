/**
 * Vitest global setup of the `build` project: its tests read the production build in dist/,
 * built here when missing or older than its sources — so `npm test`'s one build (its `build`
 * step) serves them, and a file run alone still tests the current code.
 */
import { ensureWebBuild } from '../../scripts/build-web.ts';

export default async function setup() {
  await ensureWebBuild();
}
