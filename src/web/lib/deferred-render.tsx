import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in a second pass that React may interrupt (a transition), after the rest of the screen:
 * a large, lower part of a screen (the calendar) then no longer makes one long task of the first render, and
 * a tap on what is already shown is answered at once. The fallback holds its place meanwhile.
 */
export function DeferredRender({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
