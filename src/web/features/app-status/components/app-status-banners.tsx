import { Download, RefreshCw, WifiOff, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { businessName } from '../../../lib/business-name';
import {
  INSTALL_BANNER_DELAY_MS,
  isStandalone,
  promptInstall,
  readBannerDismissed,
  rememberBannerDismissed,
  useInstallState,
} from '../../../lib/install-prompt';
import { useOnline } from '../../../lib/online-status';
import { applyUpdate, useUpdateAvailable } from '../../../lib/service-worker';

/** The CSS variable the page is offset by while banners show (the top bar and body read it, src/web/index.css). */
const OFFSET_VARIABLE = '--app-banner-offset';

/**
 * Spec 2 and 4: the offline, update and install banners at the top of every screen, and the floating
 * 'Install App' button. While the offline or update banner shows, the layout moves down by its height.
 */
export function AppStatusBanners() {
  const online = useOnline();
  const updateAvailable = useUpdateAvailable();
  const install = useInstallBannerState();
  const stackRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const stack = stackRef.current;
    const root = document.documentElement;
    if (!stack) return;
    const apply = () => root.style.setProperty(OFFSET_VARIABLE, `${stack.offsetHeight}px`);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(stack);
    return () => {
      observer.disconnect();
      root.style.removeProperty(OFFSET_VARIABLE);
    };
  }, []);

  return (
    <>
      <div ref={stackRef} className="fixed inset-x-0 top-0 z-50 flex flex-col">
        {!online && (
          <div role="status" className="flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-sm font-medium text-white">
            <WifiOff className="size-4 shrink-0" aria-hidden="true" />
            <span>You&apos;re offline. Some features may be limited.</span>
          </div>
        )}
        {updateAvailable && (
          <div role="status" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-brand-700 px-4 py-2 text-sm font-medium text-white">
            <span>A new version is available!</span>
            <Button size="sm" variant="secondary" className="h-8" onClick={applyUpdate}>
              <RefreshCw aria-hidden="true" />
              Update
            </Button>
          </div>
        )}
      </div>
      {install.banner && (
        // Over the page rather than pushing it down (the spec offsets the layout for the offline and update
        // banners only): an offer that appears seconds later must not move what the parent is reading.
        <section
          aria-labelledby="install-banner-title"
          className="fixed inset-x-0 top-[var(--app-banner-offset,0px)] z-50 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 shadow-lg sm:justify-center"
        >
          <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 rounded-lg" />
          <div className="min-w-0 flex-1 sm:flex-none">
            <h2 id="install-banner-title" className="text-sm font-semibold text-slate-900">
              Install {businessName}
            </h2>
            <p className="text-sm text-slate-600">Open your bookings from the home screen, even with a poor signal.</p>
          </div>
          <div className="flex items-center gap-2">
            <Button size="sm" onClick={() => void install.install()}>
              Install
            </Button>
            <Button size="sm" variant="ghost" className="size-9 p-0" aria-label="Dismiss install banner" onClick={install.dismiss}>
              <X aria-hidden="true" />
            </Button>
          </div>
        </section>
      )}
      {install.button && (
        <Button className="fixed bottom-4 right-4 z-40 shadow-lg" onClick={() => void install.install()}>
          <Download aria-hidden="true" />
          Install App
        </Button>
      )}
    </>
  );
}

/**
 * Spec 4, install banner states: hidden until the browser offers installation, visible 3 s later unless
 * dismissed (remembered under 'pwa-banner-dismissed'), otherwise the floating button; nothing once installed
 * or when already running as an installed app.
 */
function useInstallBannerState() {
  const { promptAvailable, installed } = useInstallState();
  const [dismissed, setDismissed] = useState(readBannerDismissed);
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (!promptAvailable || delayPassed) return;
    const timer = setTimeout(() => setDelayPassed(true), INSTALL_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [promptAvailable, delayPassed]);

  const offered = promptAvailable && !installed && !isStandalone();
  return {
    banner: offered && delayPassed && !dismissed,
    button: offered && dismissed,
    install: promptInstall,
    dismiss: () => {
      rememberBannerDismissed();
      setDismissed(true);
    },
  };
}
