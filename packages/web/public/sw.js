// Vatio's offline worker (spec 000 §2: registered from /sw.js; it serves the narrative offline).
// - Pages (navigations): network first, else the cached app shell (index.html).
// - Built assets (/assets/*, content-hashed): cache first, cached on first use.
// - GET /api/me: network first, else the last answer, so a signed-in rider reopening the app
//   offline is still signed in. The page clears this cache on sign-out.
// - Every other API call goes to the network untouched: the narrative's data has its own cache in
//   local storage (24 h, version 2.0), which the page reads when the network fails.
const SHELL = 'vatio-shell-v1';
const API = 'vatio-api-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(new Request('/index.html', { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n !== SHELL && n !== API).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, cacheName, cacheKey) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(cacheKey, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(cacheKey);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL, '/index.html'));
  } else if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === '/api/me') {
    event.respondWith(networkFirst(request, API, '/api/me'));
  }
});
