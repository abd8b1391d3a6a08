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

// The public chain arrives drawn at build time as a returning, signed-out visitor first sees it (SPY, loading). Where the
// app will show something else first, the drawn page stays hidden until the app draws the page it will show: a first
// visit (sent to the landing page), a browser holding a session (sent to the chain inside the app, Amplify's
// `CognitoIdentityServiceProvider.<client>.LastAuthUser` key, as web/src/features/auth/lib/stored-session.ts reads it)
// and an address with a query (another ticker or market). web/src/main.tsx reads the mark.
(function () {
  if (!/^\/optionschain\/?$/.test(window.location.pathname)) return;
  var hide = window.location.search !== '';
  try {
    if (localStorage.getItem('options-academy.landing-seen') === null) hide = true;
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i) || '';
      if (key.indexOf('CognitoIdentityServiceProvider.') === 0 && /\.LastAuthUser$/.test(key)) hide = true;
    }
  } catch {
    // No storage: a returning visitor with no session (web/src/app/first-visit.ts), as drawn.
  }
  if (hide) document.documentElement.dataset.drawn = 'hidden';
})();
