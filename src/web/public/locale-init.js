// Runs before the first paint: applies the language saved by the app (localStorage "locale"),
// so an English reader never sees a flash of right-to-left Arabic. Arabic is the default.
(function () {
  try {
    var saved = window.localStorage.getItem('locale');
    if (saved === 'en' || saved === 'ar') {
      document.documentElement.lang = saved;
      document.documentElement.dir = saved === 'ar' ? 'rtl' : 'ltr';
    }
  } catch (_) {
    /* storage blocked: keep the Arabic default */
  }
})();
