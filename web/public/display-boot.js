/* global window, document */
// Applies the learner's theme and motion before the first paint, from what web/src/lib/display.ts cached. A file, not
// an inline script: the content security policy allows scripts from 'self' only.
(function () {
  try {
    var s = JSON.parse(localStorage.getItem('oa.display') || '{}');
    var mq = function (q) {
      return !!window.matchMedia && window.matchMedia(q).matches;
    };
    var theme = s.theme === 'light' || s.theme === 'dark' ? s.theme : mq('(prefers-color-scheme: dark)') ? 'dark' : 'light';
    var reduce = s.motion === 'reduce' ? true : s.motion === 'full' ? false : mq('(prefers-reduced-motion: reduce)');
    document.documentElement.dataset.theme = theme;
    document.documentElement.dataset.motion = reduce ? 'reduce' : 'full';
  } catch {
    // No storage: the app applies the settings once it starts.
  }
})();
