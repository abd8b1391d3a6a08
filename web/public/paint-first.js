/* global window, document */
// The landing page arrives drawn (landing.html): its HTML and style sheet paint it, and the app's code takes it over
// afterwards. This starts that code once the first frame is painted, so that on a phone's slow link the style sheet does
// not share the first second with some thirty scripts. The build writes the entry and the modules it imports into the
// data-entry and data-preload attributes of this script's tag. A file, not an inline script: the content security
// policy allows scripts from 'self' only.
(function () {
  var tag = document.currentScript;
  var entry = tag && tag.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (tag.getAttribute('data-preload') || '').split(' ');
  function start() {
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var started = false;
  function once() {
    if (started) return;
    started = true;
    start();
  }
  // A tab opened in the background paints nothing until it is shown: start at once there.
  if (document.visibilityState === 'hidden') return once();
  // The browser's own word that the page has painted (Paint Timing); a few seconds at most, should that never come.
  var types = window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') !== -1) {
    new window.PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      window.setTimeout(once, 0);
    }).observe({ type: 'paint', buffered: true });
    window.setTimeout(once, 3000);
  } else if (window.requestAnimationFrame) {
    // Without it, the frame after the first one.
    window.requestAnimationFrame(function () {
      window.requestAnimationFrame(once);
    });
  } else once();
})();
