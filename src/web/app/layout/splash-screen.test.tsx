import { afterEach, describe, expect, it } from 'vitest';
import { whenNoSplash, whenSplashShows } from './splash-screen';

type Phase = 'deciding' | 'visible' | 'fading' | 'gone';

/** What app-start.js leaves on window, with a way to move its phase. */
function splashAt(phase: Phase) {
  const listeners = new Set<(phase: Phase) => void>();
  const state = {
    phase,
    subscribe(listener: (phase: Phase) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  (window as { __nbSplash?: unknown }).__nbSplash = state;
  return (next: Phase) => {
    state.phase = next;
    for (const listener of [...listeners]) listener(next);
  };
}

/** Whether the promise has settled after the pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

// Issue 33: under the splash the first screen's reads start at once and the app waits for them; without it (a reload,
// a second tab) the app renders at once (src/web/main.tsx).
describe('the splash decision for the app’s start', () => {
  afterEach(() => void delete (window as { __nbSplash?: unknown }).__nbSplash);

  it('a load with the splash: it shows, and the app does not render at once', async () => {
    const move = splashAt('deciding');
    const shows = whenSplashShows();
    const none = whenNoSplash();
    expect(await settled(shows)).toBe(false);
    move('visible');
    expect(await settled(shows)).toBe(true);
    expect(await settled(none)).toBe(false);
  });

  it('a reload or a second tab: no splash, the app renders at once', async () => {
    const move = splashAt('deciding');
    const shows = whenSplashShows();
    const none = whenNoSplash();
    move('gone');
    expect(await settled(none)).toBe(true);
    expect(await settled(shows)).toBe(false);
    splashAt('gone');
    expect(await settled(whenNoSplash())).toBe(true);
  });

  it('without the splash script (not served): the app renders at once', async () => {
    expect(await settled(whenNoSplash())).toBe(true);
    expect(await settled(whenSplashShows())).toBe(false);
  });
});
