import { APP_SCRIPTS_ID } from './rendered-page.ts';

/**
 * The one script a page rendered ahead of time carries inline (issue 47), at the end of its body:
 * once the first screen's photograph is loaded, decoded and painted, it asks for the app's entry
 * and module preloads the page names in its APP_SCRIPTS_ID block (shared/pages/rendered-page.ts).
 * Inline, not a file: a file would be one more request on a phone's link before the largest paint
 * (Lighthouse's phone run put the page's early script on that path). The CSP allows exactly this
 * text by its hash (infra/edge/security-headers.ts); a change to it changes the hash with it.
 */
export const START_APP_SCRIPT = `(function () {
  var d = document;
  var block = d.getElementById(${JSON.stringify(APP_SCRIPTS_ID)});
  if (!block) return;
  var app = JSON.parse(block.textContent);
  var started = false;
  function add(tag, attributes) {
    var element = d.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    d.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    app.preload.forEach(function (href) {
      add('link', { rel: 'modulepreload', href: href, crossorigin: '' });
    });
    add('script', { type: 'module', src: app.entry, crossorigin: '' });
  }
  function afterFrames() {
    if (d.visibilityState === 'hidden') start();
    else requestAnimationFrame(function () { requestAnimationFrame(start); });
  }
  var photograph = d.querySelector('#root img[fetchpriority="high"]');
  if (!photograph) return afterFrames();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('largest-contentful-paint') !== -1) {
    // The browser says when the photograph was painted: its largest paint.
    var observer = new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        if (entry.element === photograph) {
          observer.disconnect();
          start();
        }
      });
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  // Without that word (no such entry, or the photograph is not the largest), soon after it is drawn.
  function drawn() {
    var decoded = photograph.decode ? photograph.decode() : Promise.resolve();
    decoded.then(null, function () {}).then(function () { setTimeout(afterFrames, 300); });
  }
  if (photograph.complete) drawn();
  else {
    photograph.addEventListener('load', drawn, { once: true });
    photograph.addEventListener('error', afterFrames, { once: true });
  }
})();`;
