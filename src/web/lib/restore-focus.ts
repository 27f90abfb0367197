/**
 * Dialogs opened from a button that is not their Radix trigger (a calendar card, a list action) hand focus
 * back themselves: to the element that opened them when it is still on the page, else to a fallback.
 * Use as Radix's onCloseAutoFocus.
 */
export function restoreFocus(event: Event, opener: HTMLElement | null, fallback?: HTMLElement | null): void {
  event.preventDefault();
  const target = opener?.isConnected ? opener : fallback;
  target?.focus();
}

/** The element that has focus now (to remember before opening a dialog). */
export function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}
