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
    if (asked) window.localStorage.setItem('locale', asked[1]);
    var saved = window.localStorage.getItem('locale');
    // The choice is gone from localStorage (site data partly cleared) but its copy, the cookie,
    // is still here and the server rendered the page in it: it is the choice again, or the app
    // would redraw the page in Arabic.
    if (
      saved !== 'en' &&
      saved !== 'ar' &&
      rendered &&
      document.cookie.indexOf('locale=' + rendered) >= 0
    ) {
      window.localStorage.setItem('locale', rendered);
      saved = rendered;
    }
    if (saved === 'en' || saved === 'ar') {
      html.lang = saved;
      html.dir = saved === 'ar' ? 'rtl' : 'ltr';
      // The server pre-renders the landing pages in the cookie's language.
      document.cookie = 'locale=' + saved + '; Path=/; Max-Age=31536000; SameSite=Lax';
      // Rendered in the other language (the cookie had expired, or was never written): this
      // document is never shown. The server renders the page again in the saved language, now
      // in the cookie (decision 038). Once per page: a browser that keeps no cookie gets the app's
      // own render instead (main.tsx), the pre-rendered page hidden by CSS meanwhile.
      if (
        rendered &&
        rendered !== saved &&
        window.sessionStorage.getItem('relang') !== location.href &&
        document.cookie.indexOf('locale=' + saved) >= 0
      ) {
        window.sessionStorage.setItem('relang', location.href);
        html.hidden = true;
        return location.replace(location.href);
      }
    }
  } catch (_) {
    /* storage blocked: the server's language (the URL's, the cookie's or Arabic) stays */
  }
})();
