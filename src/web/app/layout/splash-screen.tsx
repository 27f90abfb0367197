import { useEffect, useState, type ReactNode } from 'react';
import { businessName } from '../../lib/business-name';
import { cn } from '../../lib/utils';

/** Spec 9: the splash stays at least 2000 ms, then fades out over 300 ms. */
export const SPLASH_MIN_MS = 2000;
export const SPLASH_FADE_MS = 300;

/** 'deciding': for the few milliseconds it takes to ask whether another window of the app is open (nothing shows). */
export type Phase = 'deciding' | 'visible' | 'fading' | 'gone';

/**
 * The app under the splash. It renders (and fetches) at once, but stays invisible until the splash starts to
 * fade: loading placeholders turning into content there would count as layout shifts nobody saw. Only this
 * component re-renders when the phase changes; the app (its children) does not.
 */
export function WithSplash({ children }: { children: ReactNode }) {
  const phase = useSplashPhase();
  return (
    <>
      <div className={phase === 'visible' || phase === 'deciding' ? 'invisible' : undefined}>{children}</div>
      <SplashScreen phase={phase} />
    </>
  );
}

/**
 * Test-only switch: the browser tests set `window.__nbSkipSplash = true` with Playwright's addInitScript
 * (e2e/support/login.ts, `skipSplash`) before the page's own scripts run, so journeys that are not about the
 * splash do not wait 2.3 s on every page load. Nothing the server sends (no header, markup, cookie or stored
 * value) sets it; a visitor could only skip their own from devtools.
 */
function splashSkippedByTests(): boolean {
  return (window as { __nbSkipSplash?: unknown }).__nbSkipSplash === true;
}

/**
 * Issue 33: the splash shows once per app session, when the app starts, not on every load (a reload of the check-in
 * screen at the door waited 2.3 s). An app session is a tab or the installed app's window:
 * - a reload (or a tab duplicated from it) keeps the tab's sessionStorage, which says its app session has started;
 * - a second tab or window opened while the app is open elsewhere has an empty sessionStorage, so it asks the
 *   browser whether another page of the app holds the shared Web Lock every page of the app takes for its lifetime
 *   (navigator.locks). The browser drops a page's lock when the page goes, closed or crashed, so the answer is never
 *   stale, unlike a time-stamped marker in localStorage that a closed tab leaves behind, and it needs no waiting for
 *   replies, unlike a BroadcastChannel question.
 * Without either (storage refused, no Web Locks), the splash shows as before.
 */
const SESSION_KEY = 'nb-app-session-started';
const OPEN_LOCK = 'nb-app-open';
/** The lock query answers within milliseconds; a browser that takes longer shows the splash rather than wait. */
const LOCK_QUERY_TIMEOUT_MS = 150;

function startedInThisTab(): boolean {
  try {
    return sessionStorage.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberStarted(): void {
  try {
    sessionStorage.setItem(SESSION_KEY, '1');
  } catch {
    // Storage refused: the next load shows it again.
  }
}

/** Whether another page of the app is open now. */
async function openElsewhere(): Promise<boolean> {
  const held = navigator.locks.query().then((state) => (state.held ?? []).some((lock) => lock.name === OPEN_LOCK));
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), LOCK_QUERY_TIMEOUT_MS));
  return Promise.race([held.catch(() => false), timeout]);
}

let appOpenElsewhere: Promise<boolean> | undefined;

/**
 * Asked once per page, before it takes its own share of the lock, which it then holds until it goes (the callback's
 * promise never settles). Kept, so React's second run of an effect in development does not find this page's own lock.
 */
function decideOpenElsewhere(): Promise<boolean> {
  appOpenElsewhere ??= openElsewhere().then((elsewhere) => {
    void navigator.locks.request(OPEN_LOCK, { mode: 'shared' }, () => new Promise<never>(() => {})).catch(() => {});
    return elsewhere;
  });
  return appOpenElsewhere;
}

const hasWebLocks = () => 'locks' in navigator;

function initialPhase(): Phase {
  if (splashSkippedByTests() || startedInThisTab()) return 'gone';
  return hasWebLocks() ? 'deciding' : 'visible';
}

/** The splash's phase: visible for 2000 ms, then fading for 300 ms, then gone; or gone at once (see above). */
function useSplashPhase(): Phase {
  const [phase, setPhase] = useState<Phase>(initialPhase);

  useEffect(() => {
    const startsShown = initialPhase() !== 'gone';
    let active = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const show = () => {
      rememberStarted();
      setPhase('visible');
      timers.push(
        setTimeout(() => setPhase('fading'), SPLASH_MIN_MS),
        setTimeout(() => setPhase('gone'), SPLASH_MIN_MS + SPLASH_FADE_MS),
      );
    };
    if (hasWebLocks()) {
      // Every page of the app takes its share of the lock, also one that shows no splash.
      void decideOpenElsewhere().then((elsewhere) => {
        if (!active || !startsShown) return;
        if (!elsewhere) return show();
        rememberStarted();
        setPhase('gone');
      });
    } else if (startsShown) {
      show();
    }
    return () => {
      active = false;
      timers.forEach(clearTimeout);
    };
  }, []);
  return phase;
}

/** Spec 2: red background with an image, at least 2000 ms, then a 300 ms fade. */
function SplashScreen({ phase }: { phase: Phase }) {
  if (phase === 'gone' || phase === 'deciding') return null;

  return (
    <div
      data-testid="splash-screen"
      aria-hidden="true"
      className={cn(
        'fixed inset-0 z-[200] flex flex-col items-center justify-center gap-6 bg-brand-600 bg-cover bg-center px-6 text-center text-white transition-opacity ease-out',
        phase === 'fading' && 'pointer-events-none opacity-0',
      )}
      style={{ backgroundImage: 'url(/splash-background.svg)', transitionDuration: `${SPLASH_FADE_MS}ms` }}
    >
      <span className="inline-flex size-20 items-center justify-center rounded-2xl bg-white text-4xl font-black text-brand-600 shadow-xl">
        {businessName.charAt(0).toUpperCase()}
      </span>
      <div className="space-y-2">
        <p className="text-3xl font-extrabold tracking-tight drop-shadow-sm sm:text-4xl">{businessName}</p>
        <p className="text-sm font-medium uppercase tracking-[0.25em] text-white/85">Parent Booking Portal</p>
      </div>
      <span className="mt-4 size-8 animate-spin rounded-full border-[3px] border-white/30 border-t-white" />
    </div>
  );
}
