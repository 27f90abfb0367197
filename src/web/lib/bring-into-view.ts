/**
 * Issue 33: on a phone what the office just asked for (a session's roster at the door, a search's results, a day of
 * the reschedule calendar) can open below the fold. This scrolls it up to the top of the screen, clear of the sticky
 * top bar (the element's `scroll-mt-*`), unless it already starts inside the screen; smooth unless the person asked
 * for reduced motion.
 */
export function bringIntoView(element: HTMLElement | null, options: { always?: boolean } = {}): void {
  if (!element) return;
  const { top } = element.getBoundingClientRect();
  // Already on screen, with room below it for what it shows: leave the page where it is.
  if (!options.always && top >= 0 && top < window.innerHeight / 2) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}
