import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Code the first screen does not need (dialogs, other pages, the toast library) loads on demand, so the
 * parent's first load stays small (see scripts/entry-size.mjs and its budget).
 */

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (once); call it ahead (usePreloadSoon) to make opening instant. */
  preload: () => Promise<unknown>;
};

/** React.lazy for a named export, plus preload() to fetch the chunk before it is rendered. */
export function lazyWithPreload<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed download (offline, a new deployment): a later preload() tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Runs the callback once the browser is idle (or after a short delay where requestIdleCallback is missing). */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 200);
  return () => clearTimeout(timer);
}

/**
 * How long the first screen settles before code for the likely next steps loads with no sign of intent. Issue 33: on
 * a phone, evaluating the booking dialog's scripts (and zod's schemas) while the dashboard was still rendering was a
 * long task in the way of the first taps (Lighthouse's Total Blocking Time); nobody opens a dialog that early.
 */
const SETTLE_MS = 4000;
/** A pointer over the page, a touch, a key or a focus: the person is about to do something. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs the callback once: at the first sign of intent (see INTENT_EVENTS), or once the screen has settled (SETTLE_MS,
 * then the browser's next idle moment), whichever comes first. Returns a cancel function.
 */
export function whenSettledOrIntent(callback: () => void, settleMs = SETTLE_MS): () => void {
  let done = false;
  let cancelIdle = () => {};
  const cleanUp = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, run, { capture: true });
    clearTimeout(timer);
    cancelIdle();
  };
  function run() {
    if (done) return;
    done = true;
    cleanUp();
    callback();
  }
  for (const type of INTENT_EVENTS) document.addEventListener(type, run, { capture: true, passive: true });
  const timer = setTimeout(() => {
    cancelIdle = whenIdle(run);
  }, settleMs);
  return () => {
    done = true;
    cleanUp();
  };
}

/** Preloads the given chunks for the screen's likely next steps: at the first sign of intent, or once it has settled. */
export function usePreloadSoon(...preloads: Array<() => Promise<unknown>>): void {
  useEffect(() => {
    return whenSettledOrIntent(() => {
      for (const preload of preloads) void preload().catch(() => undefined);
    });
    // Preload functions are module-level constants: run once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
