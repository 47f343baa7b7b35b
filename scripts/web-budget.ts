/**
 * The web app's size budgets (issue "Prove it"), measured on the production build from Vite's
 * manifest. Bytes are deterministic, so tests/build/web-budget.test.ts enforces them.
 * Run alone: `npx tsx scripts/web-budget.ts` (after `npm run build`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET = {
  /** JavaScript the home page loads before it is interactive, gzipped */
  homeInitialJs: 130 * 1024,
  /**
   * the boot script, gzipped: every page runs it in the head, before its first paint (its size
   * before decision 073, won back by decision 076; scripts/vite/boot-script.ts)
   */
  bootScript: 1732,
  /** each lazily loaded route chunk with what it adds, gzipped */
  routeChunk: 60 * 1024,
  /** all CSS, gzipped */
  css: 30 * 1024,
  /** font weights per family */
  fontWeightsPerFamily: 2,
};

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

const defaultDist = fileURLToPath(new URL('../dist/web', import.meta.url));
const routerFile = fileURLToPath(new URL('../src/web/app/routes.tsx', import.meta.url));

/** Which text sections each page's route loads (read from `page(import(…), [...])` in the router). */
function readRouteSections(): Record<string, string[]> {
  const source = readFileSync(routerFile, 'utf8');
  const result: Record<string, string[]> = {};
  const pattern = /import\('\.\.\/(pages\/[^']+)'\),\s*\[([^\]]*)\]/g;
  for (const match of source.matchAll(pattern)) {
    result[match[1]!] = [...match[2]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  }
  return result;
}

export function measureWebBudget(dist = defaultDist) {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) walk(next);
    };
    keys.forEach(walk);
    return seen;
  };
  const sizeOf = (keys: Set<string>) =>
    [...keys].reduce((n, key) => n + gz(manifest[key]!.file), 0);

  const routeSections = readRouteSections();
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entryClosure = closure([entry]);
  // Before the home page is interactive: the entry and what it imports, the home route's chunk
  // and its imports, and the current language's texts (Arabic by default).
  // The field rules and the few error texts the web shows by itself come with it
  // (src/shared/messages/ar-web.ts).
  const messagesKey = Object.keys(manifest).find((k) => k.endsWith('shared/messages/ar-web.ts'));
  if (!messagesKey) throw new Error('the Arabic web messages are not a chunk of their own');
  const homeKeys = closure([entry, 'pages/home/home-page.tsx', 'locales/ar.json', messagesKey]);
  // And the classic scripts index.html runs before the app (the boot script: language, early
  // fetches), which are not chunks of the manifest.
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const classicScripts = [
    ...indexHtml.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g),
  ].map((m) => m[1]!);
  if (classicScripts.length === 0) throw new Error('index.html runs no boot script');
  const homeInitialJs = sizeOf(homeKeys) + classicScripts.reduce((n, file) => n + gz(file), 0);
  const boot = classicScripts.filter((file) => /^assets\/boot-[\w-]+\.js$/.test(file));
  if (boot.length !== 1) throw new Error(`index.html runs ${boot.length} boot scripts, not one`);
  const bootScript = gz(boot[0]!);

  const routes = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('pages/'))
    .map(([key]) => {
      // A route's own chunks, and the Arabic files of the text sections it loads with them.
      const sections = (routeSections[key] ?? []).map((name) => `locales/sections/${name}/ar.json`);
      const own = closure([key, ...sections.filter((k) => manifest[k])]);
      for (const k of entryClosure) own.delete(k);
      return { route: key, bytes: sizeOf(own) };
    })
    .sort((a, b) => b.bytes - a.bytes);

  const assets = readdirSync(path.join(dist, 'assets'));
  const css = assets.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(`assets/${f}`), 0);

  const weights = new Map<string, Set<string>>();
  for (const f of assets.filter((a) => a.endsWith('.woff2'))) {
    const match =
      /^(.*?)-(?:arabic|latin|latin-ext|cyrillic|cyrillic-ext|greek|vietnamese)-(\d{3})-(normal|italic)/.exec(
        f,
      );
    if (!match) continue;
    const family = match[1]!;
    if (!weights.has(family)) weights.set(family, new Set());
    weights.get(family)!.add(match[2]!);
  }
  const fontWeights = Object.fromEntries(
    [...weights].map(([family, set]) => [family, [...set].sort()]),
  );

  return { homeInitialJs, bootScript, routes, css, fontWeights };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measureWebBudget();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `home page, JavaScript before interactive: ${kb(result.homeInitialJs)} (budget ${kb(BUDGET.homeInitialJs)})`,
  );
  console.log(`boot script: ${result.bootScript} bytes (budget ${BUDGET.bootScript} bytes)`);
  console.log(`CSS: ${kb(result.css)} (budget ${kb(BUDGET.css)})`);
  for (const r of result.routes)
    console.log(`route ${r.route}: ${kb(r.bytes)} (budget ${kb(BUDGET.routeChunk)})`);
  console.log('font weights:', result.fontWeights);
}
