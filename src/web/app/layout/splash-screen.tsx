import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The splash's phase (spec 9: visible at least 2000 ms, then a 300 ms fade; src/web/public/app-start.js runs it).
 * 'deciding': for the few milliseconds it takes to ask whether another window of the app is open (nothing shows). */
type Phase = 'deciding' | 'visible' | 'fading' | 'gone';

/** What app-start.js leaves on window: the splash's phase and a way to follow it. */
interface SplashState {
  phase: Phase;
  subscribe(listener: (phase: Phase) => void): () => void;
}

function splashState(): SplashState | undefined {
  return (window as { __nbSplash?: SplashState }).__nbSplash;
}

/**
 * The splash itself is index.html's (its markup, shown and faded by src/web/public/app-start.js before this bundle
 * has even arrived, so a phone's first paint is the splash, not a white page). Without the script (not served, or a
 * test page) there is no splash.
 */
const noSplash = () => () => {};
const gone = (): Phase => 'gone';

function useSplashPhase(): Phase {
  const state = splashState();
  useEffect(() => {
    // The script did not run (not served): its markup stays hidden, and goes.
    if (!state) document.getElementById('splash')?.remove();
  }, [state]);
  return useSyncExternalStore(state ? (listener) => state.subscribe(listener) : noSplash, state ? () => state.phase : gone);
}

/** Resolves once the splash shows (never, on a reload, a second tab, or without the script). */
export function whenSplashShows(): Promise<void> {
  const state = splashState();
  if (!state || state.phase === 'gone') return new Promise(() => {});
  if (state.phase === 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = state.subscribe((phase) => {
      if (phase === 'deciding') return;
      stop();
      if (phase === 'visible') resolve();
    });
  });
}

/** Resolves once no splash is shown (at once on a reload or a second tab, or without the script). */
export function whenNoSplash(): Promise<void> {
  const state = splashState();
  if (!state || state.phase === 'gone') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = state.subscribe((phase) => {
      if (phase !== 'gone') return;
      stop();
      resolve();
    });
  });
}

/**
 * The app under the splash. It renders (and fetches) at once, but stays unrendered until the splash starts to fade
 * (`.under-splash`, index.css): loading placeholders turning into content there would count as layout shifts nobody
 * saw, and each of those screens would be laid out for nothing (a phone spends tens of milliseconds on each). Only this
 * component re-renders when the phase changes; the app (its children) does not.
 */
export function WithSplash({ children }: { children: ReactNode }) {
  const phase = useSplashPhase();
  return <div className={phase === 'visible' || phase === 'deciding' ? 'under-splash' : undefined}>{children}</div>;
}
