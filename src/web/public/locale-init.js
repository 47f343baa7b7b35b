// Runs before the first paint: applies the language saved by the app (localStorage "locale"),
// so an English reader never sees a flash of right-to-left Arabic. Arabic is the default.
(function () {
  try {
    var saved = window.localStorage.getItem('locale');
    if (saved === 'en' || saved === 'ar') {
      document.documentElement.lang = saved;
      document.documentElement.dir = saved === 'ar' ? 'rtl' : 'ltr';
      // The server pre-renders the landing pages in the cookie's language.
      document.cookie = 'locale=' + saved + '; Path=/; Max-Age=31536000; SameSite=Lax';
    }
  } catch (_) {
    /* storage blocked: keep the Arabic default */
  }
})();
