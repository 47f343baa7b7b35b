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
 * touch, pointer move, key, focus or wheel, or as `[data-needs-app]` comes near, with the
 * server's `data-preload` list beside it, and keeps what the visitor does until then for
 * src/web/lib/early-input.ts. It also opens and closes the mobile menu meanwhile (decision 038).
 *
 * The CSP allows no inline script, hence a file. In development index.html keeps the plain
 * locale-init.js.
 */
import { readFileSync } from 'node:fs';
import { minifySync, type Plugin, type Rolldown } from 'vite';

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

/** Every preloaded file lives here; the boot script's list leaves the prefix out. */
const ASSETS = 'assets/';

/**
 * Read by the server (src/server/plugins/spa.ts), for each landing page: the Link headers of its
 * browser-rendered shell, and its own chunks (URLs), which a pre-rendered page lists in
 * `data-preload` for the boot script (decision 042).
 */
export const PRELOAD_LINKS_FILE = '.vite/preload-links.json';
export type PreloadLinks = { path: string; prefix: boolean; links: string[]; scripts: string[] }[];

const INDEX_TAG = '<script src="/locale-init.js"></script>';

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
      const source = `${localeInit}
// Early fetches for this language (scripts/vite/boot-preloads.ts): its texts and first font.
(function (files) {
  // Being loaded again in the saved language (above): nothing of this document is needed.
  if (document.documentElement.hidden) return;
  // fonts: the first paint's font; scripts: the language's texts
  function preload(fonts) {
    for (var i = 0; i < files.length; i++) {
      var font = /\\.woff2$/.test(files[i]);
      if (font !== fonts) continue;
      var link = document.createElement('link');
      link.rel = font ? 'preload' : 'modulepreload';
      if (font) link.as = 'font';
      link.crossOrigin = 'anonymous';
      link.href = '/${ASSETS}' + files[i];
      document.head.appendChild(link);
    }
  }
  preload(true);
  // Invoker commands (decision 073) where the browser has none yet (Safari before 26, Firefox
  // before 144): the dialogs' open and close buttons, on every page and for its whole life.
  if (!('commandForElement' in HTMLButtonElement.prototype))
    document.addEventListener('click', function (event) {
      var button = event.target.closest && event.target.closest('button[commandfor]');
      var dialog = button && document.getElementById(button.getAttribute('commandfor'));
      if (!dialog || !dialog.showModal) return;
      var command = button.getAttribute('command');
      if (command === 'show-modal' && !dialog.open) dialog.showModal();
      else if (command === 'close' && dialog.open) dialog.close();
    });
  var entry = document.documentElement.getAttribute('data-entry');
  if (!entry) return preload(false);
  // The first tap (decision 038): until the app has taken the pre-rendered page over, the menu
  // button opens and closes the menu here (both labels are on it), and the event goes no further;
  // the header takes the state over when it hydrates (src/web/app/layouts/site-header.tsx).
  function menu(event) {
    var root = document.getElementById('root');
    if (!root || !root.hasAttribute('data-prerendered'))
      return document.removeEventListener('click', menu, true);
    var button = event.target.closest && event.target.closest('[aria-controls="mobile-menu"]');
    if (!button) return;
    event.stopPropagation();
    var open = button.ariaExpanded !== 'true';
    button.ariaExpanded = open;
    button.ariaLabel = button.dataset[open ? 'labelClose' : 'labelOpen'];
    var panel = document.getElementById('mobile-menu');
    panel.dataset.open = open;
    panel.inert = !open;
  }
  document.addEventListener('click', menu, true);
  // The gallery's arrows and thumbnails (decision 073): until the app has taken the page over,
  // they scroll their strip here by one picture or to one (src/web/lib/scroll-strip.ts is the
  // app's copy); a swipe scrolls it natively.
  function strip(event) {
    var root = document.getElementById('root');
    if (!root || !root.hasAttribute('data-prerendered'))
      return document.removeEventListener('click', strip, true);
    var button = event.target.closest && event.target.closest('button[data-scroll-target]');
    var target = button && document.getElementById(button.getAttribute('data-scroll-target'));
    if (!target) return;
    event.stopPropagation();
    var count = target.children.length;
    var width = target.clientWidth;
    if (!count || !width) return;
    var at = Math.min(count - 1, Math.round(Math.abs(target.scrollLeft) / width));
    var to = button.hasAttribute('data-scroll-index')
      ? Number(button.getAttribute('data-scroll-index'))
      : at + Number(button.getAttribute('data-scroll-step'));
    to = ((to % count) + count) % count;
    var still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollTo({
      left: (getComputedStyle(target).direction === 'rtl' ? -1 : 1) * to * width,
      behavior: still ? 'instant' : 'smooth',
    });
  }
  document.addEventListener('click', strip, true);
  // The app arrives when the visitor reaches for the page (decision 042). A pre-rendered page
  // (src/server/plugins/prerender.ts) is read from its HTML and CSS, its links are links and its
  // first-screen controls work without the app (decision 038): its code is fetched once the page
  // has loaded, in the idle network (prefetch: not run), and run on the first touch, pointer
  // move, key, focus or wheel, or when a part that needs it ([data-needs-app]: the booking form)
  // comes within a screen of view.
  // The page's own chunks (the server lists them, src/server/plugins/spa.ts) and the language's
  // texts: asked for beside the entry, not one import after another.
  var urls = (document.documentElement.getAttribute('data-preload') || '').split(' ');
  for (var f = 0; f < files.length; f++)
    if (!/\\.woff2$/.test(files[f])) urls.push('/${ASSETS}' + files[f]);
  function link(rel, href) {
    var element = document.createElement('link');
    element.rel = rel;
    if (rel === 'prefetch') element.as = 'script';
    element.crossOrigin = 'anonymous';
    element.href = href;
    document.head.appendChild(element);
  }
  var started = false;
  var near = null;
  var triggers = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];
  var passive = { capture: true, passive: true };
  // A finger on the screen: the app is started once that touch's own answer is on the screen
  // (after the frame that follows its pointerup, or 1 s), so a control that works without the app
  // (the menu, a dialog, the gallery, a link) does not wait behind the app's evaluation
  // (decision 073). Anything else — and a tap the app must do again — starts it at once.
  var lifted = false;
  function start(event) {
    if (started) return;
    if (event && (event.type === 'pointerdown' || event.type === 'touchstart') && !lifted) {
      lifted = true;
      var later = function () {
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      };
      window.addEventListener('pointerup', later, { capture: true, once: true });
      window.addEventListener('pointercancel', later, { capture: true, once: true });
      setTimeout(start, 1000);
      return;
    }
    if (lifted && event && event.type !== 'keydown') return;
    started = true;
    for (var i = 0; i < triggers.length; i++)
      window.removeEventListener(triggers[i], start, passive);
    if (near) near.disconnect();
    for (var j = 0; j < urls.length; j++) if (urls[j]) link('modulepreload', urls[j]);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
  }
  for (var k = 0; k < triggers.length; k++) window.addEventListener(triggers[k], start, passive);
  document.addEventListener('DOMContentLoaded', function () {
    // Rendered in a language other than the saved one, and not reloaded (a browser that keeps no
    // cookie, decision 038): CSS hides it, and only the app can draw the page.
    var root = document.getElementById('root');
    if (root && root.getAttribute('data-prerendered') !== document.documentElement.lang)
      return start();
    var parts = document.querySelectorAll('[data-needs-app]');
    if (!parts.length || !window.IntersectionObserver) return;
    near = new IntersectionObserver(
      function (entries) {
        for (var i = 0; i < entries.length; i++) if (entries[i].isIntersecting) return start();
      },
      { rootMargin: '100% 0px' },
    );
    for (var i = 0; i < parts.length; i++) near.observe(parts[i]);
  });
  // One file per idle period: each request costs the main thread about a millisecond, and a
  // low-tier phone multiplies that by ten or more.
  window.addEventListener('load', function () {
    var queue = urls.concat(entry);
    var idle =
      window.requestIdleCallback ||
      function (next) {
        setTimeout(next, 50);
      };
    function next() {
      if (started) return;
      var url = queue.shift();
      if (url) link('prefetch', url);
      if (queue.length) idle(next);
    }
    idle(next);
  });
  // What the visitor does before the app runs is kept for it (src/web/lib/early-input.ts): the
  // fields they change, and their last tap on a button the app handles or send of a form the app
  // handles (stopped here: React is not there to see it). Links, the menu (above) and forms with
  // an action (the home search) work without the app and are left alone.
  var early = (window.hsEarlyInput = { fields: [], action: null });
  var kinds = ['input', 'change', 'click', 'submit'];
  function keep(event) {
    var root = document.getElementById('root');
    if (!root || !root.hasAttribute('data-prerendered')) {
      for (var i = 0; i < kinds.length; i++) document.removeEventListener(kinds[i], keep, true);
      return;
    }
    var target = event.target;
    if (event.type === 'input' || event.type === 'change') {
      if (!/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      // A choice that sends its form (the explore page's order, decision 073): the browser loads
      // the page it asks for.
      if (target.form && target.form.hasAttribute('data-submit-on-change')) {
        if (event.type === 'change') target.form.requestSubmit();
        return;
      }
      for (var j = early.fields.length - 1; j >= 0; j--)
        if (early.fields[j].field === target) early.fields.splice(j, 1);
      early.fields.push({ field: target, value: target.value, checked: target.checked });
      return start();
    }
    var action = target;
    if (event.type === 'click') {
      action = target.closest && target.closest('button, [role="button"]');
      // The menu (above) and invoker commands (a <dialog> opened or closed by the browser,
      // decision 073) work without the app.
      if (
        !action ||
        action.disabled ||
        action.getAttribute('aria-controls') === 'mobile-menu' ||
        action.hasAttribute('commandfor') ||
        action.hasAttribute('data-scroll-target')
      )
        return;
      // A send button: the form's submit event (below) says whether the app must handle it.
      if (action.form && action.type === 'submit') return;
    } else if (target.hasAttribute('action')) return;
    event.preventDefault();
    event.stopPropagation();
    // A send is done again by its button when it had one (React replays a click into a part it
    // has not hydrated yet, not a submit), and keeps the button's name and value.
    early.action = (event.type === 'submit' && event.submitter) || action;
    start();
  }
  for (var m = 0; m < kinds.length; m++) document.addEventListener(kinds[m], keep, true);
})(${JSON.stringify(plan)}[document.documentElement.lang === 'en' ? 'en' : 'ar']);
`;
      const minified = minifySync('boot.js', source);
      if (minified.errors.length) throw new Error(`boot-preloads: ${minified.errors[0]!.message}`);
      const ref = this.emitFile({ type: 'asset', name: 'boot.js', source: minified.code });
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
