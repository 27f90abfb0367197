import { useSyncExternalStore } from 'react';
import { CACHE_PREFIX, offlineCacheFor, SW_MESSAGE } from '../../shared/rules/offline-data';
import { whenIdle } from './lazy';
import { deleteDoorDatabase } from './door-queue-name';

/**
 * The page's side of the service worker (src/web/service-worker/sw.ts, served as /sw.js):
 * registration after the first screen, the update-available flag (spec 4: set when a new worker is installed
 * while another already controls the page), the Update action, and clearing every cache at sign-in/out.
 * Registration problems are only logged, at debug level (spec 8): the app runs the same without a worker.
 */

type UpdateAction = () => void;

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let updateAvailable = false;
let applyUpdateAction: UpdateAction | null = null;
const listeners = new Set<() => void>();

function setUpdateAvailable(value: boolean) {
  updateAvailable = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a new version is waiting for the user's 'Update'. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => updateAvailable, () => false);
}

/** Tells the waiting worker to take over; the page reloads into the new version once it controls the page. */
export function applyUpdate(): void {
  if (applyUpdateAction) applyUpdateAction();
  else window.location.reload();
}

/**
 * The worker took control for the first time (a first visit): the reads the page made before went past it. The
 * worker is given their addresses (those it keeps offline, src/shared/rules/offline-data.ts) and fetches and keeps
 * them itself, so the page neither asks again nor renders again (issue 33: that was a long task on a phone).
 */
function handOverEarlierReads(controller: ServiceWorker | null): void {
  if (!controller) return;
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === window.location.origin && offlineCacheFor(url.pathname) !== null) urls.add(url.href);
  }
  if (urls.size > 0) controller.postMessage({ type: SW_MESSAGE.keepReads, urls: [...urls] });
}

/**
 * The page's service worker container, or null where there is none: an old browser, a page that is not a
 * secure context, a private window that hides it (undefined) or refuses it (the getter throws).
 */
function serviceWorkerContainer(): ServiceWorkerContainer | null {
  try {
    return (navigator.serviceWorker as ServiceWorkerContainer | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Registers /sw.js (scope /) once the page has loaded and the browser is idle, so it never slows the first screen. */
export function registerServiceWorker(): void {
  if (!serviceWorkerContainer()) return;
  const start = () => whenIdle(() => void registerNow());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Registers the worker now. The app runs the same without one, so a browser that has none, blocks it
 * (Playwright's `serviceWorkers: 'block'` answers register() with nothing) or refuses it (register()
 * rejects: a private window, storage turned off) is not an error: nothing is thrown, nothing rejected and
 * nothing logged as an error (a refusal is logged at debug level, spec 8). True when a worker was registered.
 */
export async function registerNow(): Promise<boolean> {
  const container = serviceWorkerContainer();
  if (!container) return false;
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (controlled) {
      // An update (this tab's 'Update' or another tab's) took over: reload so page and cached files match.
      window.location.reload();
    } else {
      controlled = true;
      handOverEarlierReads(container.controller);
    }
  });
  // The script is never taken from the HTTP cache: an update is seen at the next check.
  const registration: ServiceWorkerRegistration | undefined = await Promise.resolve()
    .then(() => container.register('/sw.js', { scope: '/', updateViaCache: 'none' }))
    .catch((error: unknown) => {
      console.debug('Service worker registration failed; the app runs without one', error);
      return undefined;
    });
  if (!registration) return false;

  const offerUpdate = (waiting: ServiceWorker) => {
    applyUpdateAction = () => waiting.postMessage({ type: SW_MESSAGE.skipWaiting });
    setUpdateAvailable(true);
  };
  // Spec 4: an update is available when a new worker is installed while another already controls the page.
  if (registration.waiting && container.controller) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offerUpdate(installing);
    });
  });
  // A tab left open for days still learns of new versions.
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  return true;
}

/**
 * Drops every cache the app keeps (spec: CLEAR_CACHE), so the next person on the phone sees nothing of the
 * previous family. Waits for the worker's answer, at most `timeoutMs`; without a worker (or no answer) the
 * page deletes the caches itself. Never throws: signing out must not depend on it.
 */
export async function clearOfflineCaches(timeoutMs = 3000, options: { door?: boolean } = {}): Promise<void> {
  try {
    const controller = navigator.serviceWorker?.controller;
    let answered = false;
    if (controller) {
      answered = await new Promise<boolean>((resolve) => {
        const channel = new MessageChannel();
        const timer = setTimeout(() => resolve(false), timeoutMs);
        channel.port1.onmessage = () => {
          clearTimeout(timer);
          resolve(true);
        };
        controller.postMessage({ type: SW_MESSAGE.clearCache }, [channel.port2]);
      });
    }
    if (!answered && 'caches' in window) {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => caches.delete(name)));
    }
    // Issue 34: the door's queued check-ins and conflicts (IndexedDB) leave with the rest at sign-out; a sign-in keeps
    // them (a coach whose sign-in ran out while offline signs in again to send them; another person's are not sent).
    if (options.door !== false) await deleteDoorDatabase();
  } catch (error) {
    console.error('Could not clear the offline caches', error);
  }
}
