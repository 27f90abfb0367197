import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Code the first screen does not need (dialogs, other pages, the toast library) loads on demand, so the
 * parent's first load stays small (see scripts/entry-size.mjs and its budget).
 */

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (once); call it on idle or on hover to make opening instant. */
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

/** Preloads the given chunks once the screen that will likely need them has rendered and the browser is idle. */
export function usePreloadWhenIdle(...preloads: Array<() => Promise<unknown>>): void {
  useEffect(() => {
    return whenIdle(() => {
      for (const preload of preloads) void preload().catch(() => undefined);
    });
    // Preload functions are module-level constants: run once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
