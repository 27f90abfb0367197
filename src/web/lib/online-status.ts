import { useSyncExternalStore } from 'react';

/** Spec 4: online/offline is tracked by the browser's events. */
function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** False while the browser reports no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** The message shown where a change needs the server (booking, cancelling, rescheduling) while offline. */
export const OFFLINE_CHANGES_MESSAGE = "You're offline. Booking, cancelling and rescheduling need a connection; your bookings are shown as last saved.";
