// URL Hash Lab's service worker: after one visit the lab opens and works offline.
//
// The build writes dist/sw.js from this file, with FILES, every file of the build, and
// VERSION, a digest of their contents, filled in. Any change to any file changes this script,
// so the browser installs the new version beside the old one; the page then says "reload to
// update" and the new version takes over when asked (skip-waiting). Requests are answered from
// the version's cache first, then from the network.

const VERSION = '__UHL_VERSION__';
const FILES = __UHL_FILES__;
const CACHE = `url-hash-lab-${VERSION}`;
/** This script's global scope (a ServiceWorkerGlobalScope). */
const sw = /** @type {ServiceWorkerScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => tell({ type: 'cached', version: VERSION })),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('url-hash-lab-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (event) => {
  const { type } = event.data ?? {};
  if (type === 'skip-waiting') sw.skipWaiting();
  if (type === 'status') {
    cacheStatus().then((s) => event.ports[0]?.postMessage(s));
  }
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(answer(request));
});

/** @param {Request} request */
async function answer(request) {
  const cache = await caches.open(CACHE);
  // A link carries the view in its query string: any query opens the same cached page.
  const navigate = request.mode === 'navigate';
  const hit = await cache.match(request, { ignoreSearch: navigate });
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (e) {
    if (navigate) {
      const page = await cache.match('index.html');
      if (page) return page;
    }
    throw e;
  }
}

async function cacheStatus() {
  const cache = await caches.open(CACHE);
  const keys = await cache.keys();
  return { version: VERSION, cached: keys.length, total: FILES.length };
}

async function tell(message) {
  for (const client of await sw.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}
