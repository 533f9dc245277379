// Runs before the first paint (a plain script: the CSP forbids inline ones). Applies the
// stored theme, language and text direction so the page does not flash light or ltr.
// Keep in step with src/theme/theme.ts and src/i18n/locales.ts.
(function () {
  var root = document.documentElement;
  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  var theme = read('theme');
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';

  var locale = read('locale');
  if (!locale) {
    try {
      var college = JSON.parse(read('college') || 'null');
      if (college && typeof college.language === 'string') locale = college.language;
    } catch {
      locale = null;
    }
  }
  if (locale) {
    var language = locale.split(/[-_]/)[0].toLowerCase();
    var rtl = ['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi'];
    root.lang = locale;
    root.dir = rtl.indexOf(language) >= 0 ? 'rtl' : 'ltr';
  }
})();
