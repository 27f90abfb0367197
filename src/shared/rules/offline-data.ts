/**
 * What the installed app keeps for offline use (docs/product-rules.md, "Installable app and offline use").
 * Shared by the service worker (src/web/service-worker/sw.ts), which caches these reads network-first, and by
 * the page, which, once the worker first takes control, hands it the reads it made before (the worker fetches and
 * keeps them), so a single visit is enough.
 *
 * Only the signed-in person's own reads are kept, and only GETs: writes are never cached nor replayed by the worker
 * (the door's check-ins made offline wait in the page's own queue: src/web/lib/door-queue.ts). Issue 34: on a staff
 * device the door's reads (the day's sessions, and the rosters opened) are kept too; sign-out drops them all.
 */

/** Reads kept as one entry each (their address has no query). */
export const OFFLINE_ACCOUNT_PATHS = ['/api/me', '/api/me/bookings', '/api/me/waitlist', '/api/classes'] as const;

/** Reads kept per query (one entry per week or calendar window), the oldest dropped beyond a few dozen. */
export const OFFLINE_WINDOW_PATHS = ['/api/sessions', '/api/me/child-stats'] as const;

/** Issue 34: a session's roster as the door reads it (one entry per session, with the window reads). */
export const OFFLINE_ROSTER_PATH = /^\/api\/admin\/sessions\/[0-9a-f-]{36}\/roster$/;

/** Which cache a same-origin GET belongs to, or null when it is not kept offline. */
export function offlineCacheFor(pathname: string): 'account' | 'window' | null {
  if ((OFFLINE_ACCOUNT_PATHS as readonly string[]).includes(pathname)) return 'account';
  if ((OFFLINE_WINDOW_PATHS as readonly string[]).includes(pathname) || OFFLINE_ROSTER_PATH.test(pathname)) return 'window';
  return null;
}

/** Messages the page sends the service worker (spec: SKIP_WAITING and CLEAR_CACHE, and ours), as `{ type }`. */
export const SW_MESSAGE = {
  /** Activate the waiting update; the page reloads once it controls the page. */
  skipWaiting: 'SKIP_WAITING',
  /** Drop every cache (sent at sign-out and sign-in); the worker answers on the message's port when done. */
  clearCache: 'CLEAR_CACHE',
  /**
   * `{ type, urls }`, sent once when the worker first takes control: the page's reads made before then went past
   * it, so the worker fetches those it keeps offline itself (off the page's main thread) and keeps them.
   */
  keepReads: 'KEEP_READS',
} as const;

/** Prefix of every cache the app's service worker owns. */
export const CACHE_PREFIX = 'portal';
