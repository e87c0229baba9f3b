// The passport's /verify page's service worker, of scope /verify (docs/passport.md, "The verify
// page, offline"): the one worker the shop keeps (web/src/lib/service-workers.ts). It keeps the
// page, the files the page names (its script, its style sheet, the icon) and the last key set,
// so that a phone with no signal still opens /verify#<code> and checks the signature. The API's
// answers are never kept: online checks are online or not at all.
const CACHE = 'verify-v1';
const PAGE = '/verify';
const KEYS = '/.well-known/passport-keys.json';

/** The page, and every same-origin file its HTML names (hashed by the build) not kept yet. */
async function keepPage(cache, page) {
  const html = await page.clone().text();
  const files = [...html.matchAll(/(?:src|href)="(\/[^"/][^"]*)"/g)].map((match) => match[1]);
  for (const file of files) if (!(await cache.match(file))) await cache.add(file);
  await cache.put(PAGE, page);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const page = await fetch(PAGE, { cache: 'no-cache' });
      if (!page.ok) throw new Error(`verify-sw: ${PAGE} answered ${page.status}`);
      await keepPage(cache, page);
      const keys = await fetch(KEYS, { cache: 'no-cache' }).catch(() => undefined);
      if (keys?.ok) await cache.put(KEYS, keys);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The network's answer (kept for next time), or the kept one when the network fails. */
async function networkFirst(event, key) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(event.request);
    if (answer.ok) {
      // A new release's page names new files: they are kept while online, after the answer.
      const keeping = key === PAGE ? keepPage(cache, answer.clone()) : cache.put(key, answer.clone());
      event.waitUntil(keeping.catch(() => undefined));
    }
    return answer;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request);
  return kept ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === PAGE || url.pathname === `${PAGE}/`))
    event.respondWith(networkFirst(event, PAGE));
  else if (url.pathname === KEYS) event.respondWith(networkFirst(event, KEYS));
  else if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.png')
    event.respondWith(cacheFirst(request));
});
