/**
 * Early fetches for the first page of a visit (issue "Prove it", page speed). The app renders in
 * the browser, so without help a phone waits for the entry script before it even asks for the
 * page's own chunk, the language's texts, the font of the first paint and the home page's hero —
 * one round trip after another. The build asks for them up front, in two parts:
 *
 * - by language: public/locale-init.js (which runs before the first paint and knows the
 *   language) becomes a hashed, minified boot script that also adds `modulepreload` links for the
 *   language's texts and a `preload` of the one woff2 the first paint needs (Arabic or Latin,
 *   regular). It is JavaScript the home page loads, so it stays tiny (the size budget counts it);
 * - by path: `.vite/preload-links.json`, the Link headers the server sends with index.html for
 *   `/`, `/explore-spaces` and `/space/…` — the route's chunks and data loader (everything the
 *   entry does not already preload) and, for `/`, the hero with the srcset and sizes of its <img>.
 *
 * On a pre-rendered page (`data-entry` on <html>) the boot script also decides when the app runs
 * (decision 042): it prefetches the app while the page is idle, runs it on the visitor's first
 * touch, pointer move, key, focus or wheel (not behind a tap that leaves the page), with the
 * server's `data-preload` list beside it, and keeps what the visitor does until then for
 * src/web/lib/early-input.ts. It also opens and closes the mobile menu (decision 038) and moves
 * the strips of pictures (decisions 073, 076) meanwhile. Its source is scripts/vite/boot-script.ts;
 * the invoker-command fallback is a file of its own that only a browser without them loads.
 *
 * The CSP allows no inline script, hence a file. In development index.html keeps the plain
 * locale-init.js.
 */
import { readFileSync } from 'node:fs';
import { minifySync, type Plugin, type Rolldown } from 'vite';
import { ASSETS, bootScript, INVOKER_COMMANDS } from './boot-script.ts';

type OutputAsset = Rolldown.OutputAsset;
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const LANGS = ['ar', 'en'] as const;

/** Landing pages worth a head start: their route modules (src/web/app/routes.tsx). */
const ROUTES: { path: string; prefix?: boolean; modules: string[] }[] = [
  { path: '/', modules: ['pages/home/home-page.tsx'] },
  {
    path: '/explore-spaces',
    modules: [
      'pages/explore-spaces/explore-spaces-page.tsx',
      'features/spaces/api/search-spaces.ts',
    ],
  },
  {
    path: '/space/',
    prefix: true,
    modules: ['pages/space/space-page.tsx', 'features/spaces/api/get-space.ts'],
  },
];

/** The regular weight of each language's script: what the first paint's text needs. */
const FIRST_FONT: Record<(typeof LANGS)[number], RegExp> = {
  ar: /^assets\/ibm-plex-sans-arabic-arabic-400-normal-[\w-]+\.woff2$/,
  en: /^assets\/ibm-plex-sans-latin-400-normal-[\w-]+\.woff2$/,
};

/** The home hero: must match the <img> of src/web/pages/home/home-page.tsx. */
const HERO = {
  small: /^assets\/hero-640-[\w-]+\.webp$/,
  medium: /^assets\/hero-960-[\w-]+\.webp$/,
  large: /^assets\/hero-1280-[\w-]+\.webp$/,
};
const HERO_SIZES = '100vw';

/**
 * Read by the server (src/server/plugins/spa.ts), for each landing page: the Link headers of its
 * browser-rendered shell, and its own chunks (URLs), which a pre-rendered page lists in
 * `data-preload` for the boot script (decision 042).
 */
export const PRELOAD_LINKS_FILE = '.vite/preload-links.json';
export type PreloadLinks = { path: string; prefix: boolean; links: string[]; scripts: string[] }[];

const INDEX_TAG = '<script src="/locale-init.js"></script>';

function minify(name: string, source: string) {
  const minified = minifySync(name, source);
  if (minified.errors.length) throw new Error(`boot-preloads: ${minified.errors[0]!.message}`);
  return minified.code;
}

export function bootPreloads(localeInit: string): Plugin {
  return {
    name: 'hourspace:boot-preloads',
    // The browser build only: the server renderer (dist/server) has no index.html to boot.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const assets = Object.values(bundle).filter((o): o is OutputAsset => o.type === 'asset');
      const chunkOf = (source: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${source}`));
        if (!chunk) throw new Error(`boot-preloads: no chunk for src/${source}`);
        return chunk;
      };
      const assetFile = (pattern: RegExp) => {
        const asset = assets.find((a) => pattern.test(a.fileName));
        if (!asset) throw new Error(`boot-preloads: no asset matches ${pattern}`);
        return asset.fileName.slice(ASSETS.length);
      };
      const closure = (start: OutputChunk[], into = new Set<string>()) => {
        const walk = (fileName: string) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(walk);
        };
        start.forEach((c) => walk(c.fileName));
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('boot-preloads: no entry chunk');
      const preloadedByIndex = closure([entry]);
      const scripts = (sources: string[]) =>
        [...closure(sources.map(chunkOf))]
          .filter((f) => !preloadedByIndex.has(f))
          .map((f) => {
            if (!f.startsWith(ASSETS)) throw new Error(`boot-preloads: ${f} is not in ${ASSETS}`);
            return f.slice(ASSETS.length);
          });

      // Language-bound: the boot script, which knows the language before the first paint.
      const plan = Object.fromEntries(
        LANGS.map((lang) => [
          lang,
          [
            ...scripts([`web/locales/${lang}.json`, `shared/messages/${lang}-web.ts`]),
            assetFile(FIRST_FONT[lang]),
          ],
        ]),
      );
      const invokers = this.emitFile({
        type: 'asset',
        name: 'invokers.js',
        source: minify('invokers.js', INVOKER_COMMANDS),
      });
      const source = bootScript(localeInit, plan, `/${this.getFileName(invokers)}`);
      const ref = this.emitFile({
        type: 'asset',
        name: 'boot.js',
        source: minify('boot.js', source),
      });
      const html = bundle['index.html'];
      if (
        html?.type !== 'asset' ||
        typeof html.source !== 'string' ||
        !html.source.includes(INDEX_TAG)
      )
        throw new Error(`boot-preloads: index.html has no ${INDEX_TAG}`);
      html.source = html.source.replace(
        INDEX_TAG,
        `<script src="/${this.getFileName(ref)}"></script>`,
      );

      // Path-bound, the same in every language: Link headers the server sends with index.html
      // (src/server/plugins/spa.ts), so the browser asks for them with the page itself.
      const links: PreloadLinks = ROUTES.map((route) => {
        const chunks = scripts(route.modules.map((m) => `web/${m}`)).map((f) => `/${ASSETS}${f}`);
        return {
          path: route.path,
          prefix: Boolean(route.prefix),
          scripts: chunks,
          links: [
            ...(route.path === '/'
              ? [
                  `</${ASSETS}${assetFile(HERO.large)}>; rel=preload; as=image; fetchpriority=high; imagesrcset="/${ASSETS}${assetFile(HERO.small)} 640w, /${ASSETS}${assetFile(HERO.medium)} 960w, /${ASSETS}${assetFile(HERO.large)} 1280w"; imagesizes="${HERO_SIZES}"`,
                ]
              : []),
            ...chunks.map((url) => `<${url}>; rel=modulepreload; crossorigin`),
          ],
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: PRELOAD_LINKS_FILE,
        source: JSON.stringify(links, null, 1),
      });
    },
  };
}

/** The plugin with the text of public/locale-init.js, which it extends. */
export const bootPreloadsFrom = (localeInitPath: string) =>
  bootPreloads(readFileSync(localeInitPath, 'utf8'));
