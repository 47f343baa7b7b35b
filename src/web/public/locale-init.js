// Runs before the first paint: applies the language saved by the app (localStorage "locale"),
// so an English reader never sees a flash of right-to-left Arabic. Arabic is the default.
// A language in the URL (?lang=en, from a link or a search engine) is saved first, as the
// language switch would (decision 036): the server rendered the page in it.
(function () {
  try {
    var html = document.documentElement;
    // The language the server rendered this page in, when it pre-rendered it (data-entry,
    // src/server/plugins/prerender.ts); read before it is changed below.
    var rendered = html.getAttribute('data-entry') ? html.lang : null;
    var asked = /[?&]lang=(ar|en)(&|$)/.exec(location.search);
    if (asked) localStorage.setItem('locale', asked[1]);
    var saved = localStorage.getItem('locale');
    var inCookie = function (lang) {
      return document.cookie.indexOf('locale=' + lang) >= 0;
    };
    // The choice is gone from localStorage (site data partly cleared) but its copy, the cookie,
    // is still here and the server rendered the page in it: it is the choice again, or the app
    // would redraw the page in Arabic.
    if (saved !== 'en' && saved !== 'ar' && rendered && inCookie(rendered))
      localStorage.setItem('locale', (saved = rendered));
    if (saved === 'en' || saved === 'ar') {
      html.lang = saved;
      html.dir = saved === 'ar' ? 'rtl' : 'ltr';
      // The server pre-renders the landing pages in the cookie's language.
      document.cookie = 'locale=' + saved + '; Path=/; Max-Age=31536000; SameSite=Lax';
      if (rendered && rendered !== saved) {
        // Rendered in the other language (the cookie had expired, or was never written): this
        // document is never shown. The server renders the page again in the saved language, now
        // in the cookie (decision 038). Once per page: a browser that keeps no cookie gets the
        // app's own render instead (main.tsx; the boot script starts it at once, hsRedraw), the
        // pre-rendered page hidden by CSS meanwhile.
        if (sessionStorage.getItem('relang') !== location.href && inCookie(saved)) {
          sessionStorage.setItem('relang', location.href);
          html.hidden = true;
          return location.replace(location.href);
        }
        window.hsRedraw = true;
      }
    }
  } catch (_) {
    /* storage blocked: the server's language (the URL's, the cookie's or Arabic) stays */
  }
})();
