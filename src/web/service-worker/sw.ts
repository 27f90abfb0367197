/// <reference lib="webworker" />
/**
 * The app's service worker, served as /sw.js with scope / (built by vite-plugin-pwa, injectManifest).
 *
 * - The app shell (the page, its scripts and styles but the admin area's, the splash and icon) is precached,
 *   so the app opens with no network; every navigation answers the cached page.
 * - The family's reads that the door needs (src/shared/rules/offline-data.ts) are network-first: fresh when
 *   the network answers, the last good copy when it does not (or takes too long on a poor signal).
 * - Writes are never cached and never replayed: only GETs have routes, so a POST without network fails
 *   in the page, which says so.
 * - Messages: SKIP_WAITING activates a waiting update (the page then reloads into it); CLEAR_CACHE drops every
 *   cache (sign-out, sign-in) so the next person on the phone sees nothing of the previous family, then fetches
 *   the shell again, which holds no one's data. The worker answers CLEAR_CACHE on the message's port.
 */
import { cacheNames, clientsClaim, setCacheNameDetails, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHE_PREFIX, offlineCacheFor, SW_MESSAGE } from '../../shared/rules/offline-data';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: 'v1' });

const SHELL_PAGE = 'index.html';
const API_ACCOUNT_CACHE = `${CACHE_PREFIX}-api-account`;
const API_WINDOW_CACHE = `${CACHE_PREFIX}-api-window`;
const ASSETS_CACHE = `${CACHE_PREFIX}-assets`;
/** On a poor signal the last good copy beats a spinner: after this long the cached answer is shown. */
const NETWORK_TIMEOUT_SECONDS = 6;

const shellEntries = self.__WB_MANIFEST;
precacheAndRoute(shellEntries);
cleanupOutdatedCaches();

// A first install takes control at once, so the page that installed it is already served (and its reads kept).
// An update waits for the user's 'Update' (SKIP_WAITING).
clientsClaim();

/**
 * Bumped by CLEAR_CACHE. A read that started before the clearing must not write the previous family's answer
 * back into the fresh cache when it completes afterwards.
 */
let cacheGeneration = 0;

/** Keeps only complete, successful answers, and none that outlived a CLEAR_CACHE. */
const keepOnlyCurrentSuccesses: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.generation = cacheGeneration;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) =>
    response.status === 200 && response.type === 'basic' && state?.generation === cacheGeneration ? response : null,
};

const offlineReads = {
  account: new NetworkFirst({ cacheName: API_ACCOUNT_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [keepOnlyCurrentSuccesses] }),
  window: new NetworkFirst({
    cacheName: API_WINDOW_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keepOnlyCurrentSuccesses, new ExpirationPlugin({ maxEntries: 40 })],
  }),
};
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && offlineCacheFor(url.pathname) === 'account',
  offlineReads.account,
);
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && offlineCacheFor(url.pathname) === 'window',
  offlineReads.window,
);

/** KEEP_READS: the page's reads from before this worker controlled it, fetched again here and kept (same origin only). */
async function keepReads(urls: unknown, event: ExtendableEvent): Promise<void> {
  if (!Array.isArray(urls)) return;
  await Promise.all(
    urls.slice(0, 50).map(async (address: unknown) => {
      if (typeof address !== 'string') return;
      const url = new URL(address, self.location.origin);
      const cache = url.origin === self.location.origin ? offlineCacheFor(url.pathname) : null;
      if (!cache) return;
      await offlineReads[cache].handle({ request: new Request(url.href, { credentials: 'same-origin' }), event }).catch(() => undefined);
    }),
  );
}

// Scripts not in the shell (the admin area's) are kept once used; their names change with their content.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map'),
  new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [keepOnlyCurrentSuccesses, new ExpirationPlugin({ maxEntries: 80 })] }),
);

// Every app route is the single page; the server's own paths are left to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(SHELL_PAGE), {
    denylist: [/^\/api(\/|$)/, /^\/manifest\.webmanifest$/, /^\/sw\.js$/, /\.map$/],
  }),
);

/** Puts the shell back after a CLEAR_CACHE (it holds no one's data). Fails quietly without network. */
async function restoreShell(): Promise<void> {
  const cache = await caches.open(cacheNames.precache);
  await Promise.all(
    shellEntries.map(async (entry) => {
      const url = typeof entry === 'string' ? entry : entry.url;
      const cacheKey = getCacheKeyForURL(url) ?? url;
      if (await cache.match(cacheKey)) return;
      const response = await fetch(url, { cache: 'reload', credentials: 'same-origin' });
      if (response.ok) await cache.put(cacheKey, response);
    }),
  ).catch((error: unknown) => console.warn('Could not restore the offline app shell yet', error));
}

async function shellIsComplete(): Promise<boolean> {
  const cache = await caches.open(cacheNames.precache);
  return Boolean(await cache.match(getCacheKeyForURL(SHELL_PAGE) ?? SHELL_PAGE));
}

async function clearEveryCache(): Promise<void> {
  cacheGeneration += 1;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = typeof data === 'string' ? data : data && typeof data === 'object' && 'type' in data ? data.type : undefined;
  if (type === SW_MESSAGE.skipWaiting) {
    void self.skipWaiting();
  } else if (type === SW_MESSAGE.clearCache) {
    const done = clearEveryCache().then(() => {
      // Answer once the family's data is gone; the shell comes back in the background.
      event.ports[0]?.postMessage({ type: SW_MESSAGE.clearCache, done: true });
      return restoreShell();
    });
    event.waitUntil(done);
  } else if (type === SW_MESSAGE.keepReads && data && typeof data === 'object' && 'urls' in data) {
    event.waitUntil(keepReads(data.urls, event));
  }
});

// A shell cleared while offline is fetched again at the next navigation with a network.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.waitUntil(shellIsComplete().then((complete) => (complete ? undefined : restoreShell())));
});
