import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Spec 9: the install banner shows this long after the install prompt becomes available. */
export const INSTALL_BANNER_DELAY_MS = 3000;
/** Spec 4: the dismissed install banner is remembered in local storage under this flag. */
export const INSTALL_BANNER_DISMISSED_KEY = 'pwa-banner-dismissed';

interface InstallState {
  /** The browser offered to install the app (its prompt is kept for our own button). */
  promptAvailable: boolean;
  installed: boolean;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
let state: InstallState = { promptAvailable: false, installed: false };
const listeners = new Set<() => void>();

function setState(next: InstallState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Starts listening for the browser's install prompt. Called first thing (main.tsx): Chromium may offer it
 * before React has rendered anything.
 */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our banner or button asks instead of the browser's own mini bar.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    setState({ ...state, promptAvailable: true });
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    setState({ promptAvailable: false, installed: true });
  });
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** The app already runs as an installed app (no banner, no button then). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Shows the browser's install dialog. A prompt can be used once; failures are only logged (spec 8). */
export async function promptInstall(): Promise<void> {
  const prompt = deferredPrompt;
  if (!prompt) return;
  try {
    await prompt.prompt();
    const choice = await prompt.userChoice;
    deferredPrompt = null;
    setState({ promptAvailable: false, installed: choice.outcome === 'accepted' || state.installed });
  } catch (error) {
    console.error('Install prompt failed', error);
  }
}

export function readBannerDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberBannerDismissed(): void {
  try {
    window.localStorage.setItem(INSTALL_BANNER_DISMISSED_KEY, 'true');
  } catch (error) {
    console.error('Could not remember the dismissed install banner', error);
  }
}
