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

/**
 * Whether this load shows the splash, once app-start.js has decided ('deciding' lasts the few milliseconds of its
 * Web Lock query): true once it is visible, false on a reload, a second tab, or without the script.
 */
function splashDecision(): Promise<boolean> {
  const state = splashState();
  if (!state || state.phase === 'gone') return Promise.resolve(false);
  if (state.phase !== 'deciding') return Promise.resolve(true);
  return new Promise((resolve) => {
    const stop = state.subscribe((phase) => {
      if (phase === 'deciding') return;
      stop();
      resolve(phase !== 'gone');
    });
  });
}

/** Resolves once the splash shows; never on a load without it. */
export const whenSplashShows = (): Promise<void> => splashDecision().then((shows) => (shows ? undefined : new Promise<void>(() => {})));

/** Resolves at once on a load without the splash; never on one with it (the first reads decide when that app renders). */
export const whenNoSplash = (): Promise<void> => splashDecision().then((shows) => (shows ? new Promise<void>(() => {}) : undefined));

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
