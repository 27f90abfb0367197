import { useEffect, useState, type ReactNode } from 'react';
import { businessName } from '../../lib/business-name';
import { cn } from '../../lib/utils';

/** Spec 9: the splash stays at least 2000 ms, then fades out over 300 ms. */
export const SPLASH_MIN_MS = 2000;
export const SPLASH_FADE_MS = 300;

export type Phase = 'visible' | 'fading' | 'gone';

/**
 * The app under the splash. It renders (and fetches) at once, but stays invisible until the splash starts to
 * fade: loading placeholders turning into content there would count as layout shifts nobody saw. Only this
 * component re-renders when the phase changes; the app (its children) does not.
 */
export function WithSplash({ children }: { children: ReactNode }) {
  const phase = useSplashPhase();
  return (
    <>
      <div className={phase === 'visible' ? 'invisible' : undefined}>{children}</div>
      <SplashScreen phase={phase} />
    </>
  );
}

/**
 * Test-only switch: the browser tests set `window.__nbSkipSplash = true` with Playwright's addInitScript
 * (e2e/support/login.ts, `skipSplash`) before the page's own scripts run, so journeys that are not about the
 * splash do not wait 2.3 s on every page load. Nothing the server sends (no header, markup, cookie or stored
 * value) sets it, so production always shows the splash; a visitor could only skip their own from devtools.
 */
function splashSkippedByTests(): boolean {
  return (window as { __nbSkipSplash?: unknown }).__nbSkipSplash === true;
}

/** The splash's phase: visible for 2000 ms, then fading for 300 ms, then gone. */
function useSplashPhase(): Phase {
  const [phase, setPhase] = useState<Phase>(() => (splashSkippedByTests() ? 'gone' : 'visible'));

  useEffect(() => {
    if (splashSkippedByTests()) return;
    const fade = setTimeout(() => setPhase('fading'), SPLASH_MIN_MS);
    const gone = setTimeout(() => setPhase('gone'), SPLASH_MIN_MS + SPLASH_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, []);
  return phase;
}

/** Spec 2: red background with an image, at least 2000 ms, then a 300 ms fade. */
function SplashScreen({ phase }: { phase: Phase }) {
  if (phase === 'gone') return null;

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
