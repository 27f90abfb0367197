import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint (64rem): from here the weekly calendar is seven columns; below it, a list of days. */
export const WIDE_LAYOUT_QUERY = '(min-width: 64rem)';

/**
 * Whether the media query matches now, kept current as the window changes (a phone turned, a window resized). Read
 * during render, so the first paint already has the right layout: nothing moves once the page is shown.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
