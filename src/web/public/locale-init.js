// Runs before the first paint: applies the language saved by the app (localStorage "locale"),
// so an English reader never sees a flash of right-to-left Arabic. Arabic is the default.
// A language in the URL (?lang=en, from a link or a search engine) is saved first, as the
// language switch would (decision 036): the server rendered the page in it.
(function () {
  try {
    var asked = /[?&]lang=(ar|en)(&|$)/.exec(location.search);
    if (asked) window.localStorage.setItem('locale', asked[1]);
    var saved = window.localStorage.getItem('locale');
    if (saved === 'en' || saved === 'ar') {
      document.documentElement.lang = saved;
      document.documentElement.dir = saved === 'ar' ? 'rtl' : 'ltr';
      // The server pre-renders the landing pages in the cookie's language.
      document.cookie = 'locale=' + saved + '; Path=/; Max-Age=31536000; SameSite=Lax';
    }
  } catch (_) {
    /* storage blocked: the server's language (the URL's, the cookie's or Arabic) stays */
  }
})();
