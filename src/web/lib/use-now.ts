import { useEffect, useState } from 'react';

/** Spec 4: past sessions stop being bookable; the screen re-reads the clock once a minute. */
export const NOW_REFRESH_MS = 60_000;

/** The current instant, refreshed every minute (a local timer only; no data is fetched). */
export function useNow(refreshMs = NOW_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}
