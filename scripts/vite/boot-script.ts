/**
 * The boot script's own source (scripts/vite/boot-preloads.ts builds it): what every page runs
 * in the head before its first paint, after public/locale-init.js. Every page pays for each byte
 * of it before it is interactive, so tests/build/web-budget.test.ts holds it to its budget
 * (`BUDGET.bootScript`, scripts/web-budget.ts); what only some browsers need is a file of its own
 * that only they load (`INVOKER_COMMANDS`, decision 076).
 */

/** Every preloaded file lives here; the boot script's lists leave the prefix out. */
export const ASSETS = 'assets/';

/**
 * Invoker commands (`commandfor`/`command` on a button, decision 073) where the browser has none
 * yet (Safari before 26, Firefox before 144): the dialogs' open and close buttons, on every page
 * and for its whole life. The boot script loads it only in such a browser.
 */
export const INVOKER_COMMANDS = `document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button[commandfor]');
  var dialog = button && document.getElementById(button.getAttribute('commandfor'));
  if (!dialog || !dialog.showModal) return;
  var command = button.getAttribute('command');
  if (command === 'show-modal' && !dialog.open) dialog.showModal();
  else if (command === 'close' && dialog.open) dialog.close();
});
`;

/**
 * `localeInit` (the language before the first paint, decision 038), then this language's early
 * fetches (`plan`: its texts and the first paint's font, by language) and, on a pre-rendered page,
 * when the app runs and what the visitor does until then (decision 042); `invokers` is the URL of
 * `INVOKER_COMMANDS`.
 */
export const bootScript = (
  localeInit: string,
  plan: Record<string, string[]>,
  invokers: string,
) => `${localeInit}
// Early fetches for this language (scripts/vite/boot-preloads.ts): its texts and first font.
(function (files) {
  var html = document.documentElement;
  // Being loaded again in the saved language (above): nothing of this document is needed.
  if (html.hidden) return;
  // A <link> (preload: a font; prefetch: code fetched and not run; modulepreload: code the app
  // will run) or a <script> in the head.
  function add(tag, properties) {
    var element = document.createElement(tag);
    element.crossOrigin = 'anonymous';
    document.head.appendChild(Object.assign(element, properties));
  }
  function link(rel, href) {
    add('link', { rel: rel, href: href, as: rel === 'preload' ? 'font' : 'script' });
  }
  // The page's own chunks (the server lists them on a pre-rendered page, src/server/plugins/spa.ts)
  // and the language's texts: asked for beside the entry, not one import after another.
  var urls = (html.dataset.preload || '').split(' ').filter(Boolean);
  for (var i = 0; i < files.length; i++)
    if (/\\.woff2$/.test(files[i])) link('preload', '/${ASSETS}' + files[i]);
    else urls.push('/${ASSETS}' + files[i]);
  // Invoker commands where the browser has none yet: a file of its own, only there (decision 076).
  if (!('commandForElement' in HTMLButtonElement.prototype)) add('script', { src: '${invokers}' });
  var entry = html.dataset.entry;
  if (!entry)
    return urls.forEach(function (url) {
      link('modulepreload', url);
    });
  // The app arrives when the visitor reaches for the page (decision 042). A pre-rendered page
  // (src/server/plugins/prerender.ts) is read from its HTML and CSS, its links are links and its
  // first-screen controls work without the app (decisions 038, 073, 076): its code is fetched once
  // the page has loaded, in the idle network (prefetch: not run), and run on the first touch,
  // pointer move, key, focus or wheel (a phone's visitor scrolls to the booking form by touch, so
  // no part of the page starts it by coming near any more: decision 080).
  // Its listeners stay for the page's life: once it has started they return at once.
  // away: a tap has sent the page elsewhere (a link, an order chosen: below), until the page is
  // shown again (back from the browser's page cache, where it is kept as it was).
  var started, lifted, away;
  addEventListener('pageshow', function () {
    away = false;
  });
  // A finger on the screen: the app is started once that touch's own answer is on the screen
  // (after the frame that follows its pointerup, or 1 s), so a control that works without the app
  // (the menu, a dialog, a strip of pictures, a link) does not wait behind the app's evaluation
  // (decision 073). Anything else — and a tap the app must do again — starts it at once.
  function start(event) {
    var type = event && event.type;
    if (started || away) return;
    if (type === 'pointerdown' || type === 'touchstart')
      return lifted || (lifted = setTimeout(start, 1000));
    if (type === 'pointerup' || type === 'pointercancel')
      return (
        lifted &&
        requestAnimationFrame(function () {
          setTimeout(start);
        })
      );
    if (lifted && type && type !== 'keydown') return;
    started = true;
    urls.forEach(function (url) {
      link('modulepreload', url);
    });
    add('script', { type: 'module', src: entry });
  }
  var triggers = 'pointerdown pointerup pointercancel pointermove touchstart keydown focusin wheel';
  triggers.split(' ').forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true });
  });
  // Rendered in a language other than the saved one, and not reloaded (a browser that keeps no
  // cookie, public/locale-init.js): CSS hides it, and only the app can draw the page.
  if (self.hsRedraw) start();
  addEventListener('load', function () {
    // One file per idle period: each request costs the main thread about a millisecond, and a
    // low-tier phone multiplies that by ten or more.
    var queue = urls.concat(entry);
    var idle = self.requestIdleCallback || setTimeout;
    function next() {
      if (started) return;
      link('prefetch', queue.shift());
      if (queue.length) idle(next);
    }
    idle(next);
  });
  // The first tap (decision 038): the menu button opens and closes the menu here (both labels are
  // on it); the header takes the state over when it hydrates (src/web/app/layouts/site-header.tsx).
  function menu(button) {
    var open = button.ariaExpanded !== 'true';
    button.ariaExpanded = open;
    button.ariaLabel = button.dataset[open ? 'labelClose' : 'labelOpen'];
    var panel = document.getElementById('mobile-menu');
    panel.dataset.open = open;
    panel.inert = !open;
  }
  // A strip's buttons (the gallery's arrows and thumbnails, the home slideshow's, decisions 073
  // and 076) scroll it by one picture or to one, smoothly unless motion is reduced (the strip's
  // CSS says which); src/web/lib/scroll-strip.ts is the app's copy. A swipe scrolls it natively.
  function strip(button) {
    var target = document.getElementById(button.dataset.scrollTarget);
    var count = target.children.length;
    var width = target.clientWidth;
    var to = button.dataset.scrollIndex
      ? +button.dataset.scrollIndex
      : Math.round(Math.abs(target.scrollLeft) / width) + +button.dataset.scrollStep;
    target.scrollTo({ left: (html.dir === 'rtl' ? -width : width) * (((to % count) + count) % count) });
  }
  // Until the app has taken the page over: the menu and the strips answer here, and what the
  // visitor does that only the app can do is kept for it (src/web/lib/early-input.ts): the fields
  // they change, and their last tap on a button the app handles (stopped here: React is not there
  // to see it) — a send too, since a form is sent by a click on its send button (Enter in a field
  // clicks it). Links, invoker commands (a <dialog> the browser opens) and forms with an action
  // (the home search, the filters) work without the app and are left alone.
  var early = (window.hsEarlyInput = { fields: [], action: null });
  function keep(event) {
    var root = document.getElementById('root');
    if (!root || !root.dataset.prerendered) return;
    var target = event.target;
    if (event.type !== 'click') {
      if (!/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      // A choice that sends its form (the explore page's order, decision 073): the browser loads
      // the page it asks for. A field kept twice is given its values in turn: the last stays.
      var form = target.form;
      if (!form || !('submitOnChange' in form.dataset))
        return early.fields.push([target, target.value, target.checked]), start();
      // The page is left: the app is not started behind it (below).
      if (event.type === 'change') form.requestSubmit(), (away = true);
      return;
    }
    // A link that leaves this page in this tab (not to a part of it, not into another tab): the
    // touch's deferred start is called off. Started now, the app would take the main thread the
    // next page is committed on (same site, same process): ~290 ms at 4× on a first tap of a
    // category link, by a trace (decision 080).
    if (target.closest('a[href]:not([target]):not([href^="#"])')) away = true;
    // (A disabled button has no click.)
    var button = target.closest('button');
    if (!button || button.hasAttribute('commandfor')) return;
    var own = button.getAttribute('aria-controls') === 'mobile-menu' ? menu : button.dataset.scrollTarget && strip;
    if (!own) {
      // The send button of a form with an action: the browser sends it.
      if (button.type === 'submit' && button.form && button.form.hasAttribute('action')) return;
      event.preventDefault();
      early.action = button;
      start();
    }
    event.stopPropagation();
    if (own) own(button);
  }
  ['input', 'change', 'click'].forEach(function (kind) {
    document.addEventListener(kind, keep, true);
  });
  // (<html lang> is the server's, index.html's or the saved one: ar or en.)
})(${JSON.stringify(plan)}[document.documentElement.lang]);
`;
