import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { WaitlistEntryDto } from '../../../../shared/schemas/waitlist';
import { DialogLoadingOverlay } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';

/** The prompt loads the first time it is asked for (hovering or focusing a Leave button starts the download). */
const LeaveWaitlistDialog = lazyWithPreload(() => import('./leave-waitlist-dialog').then((m) => m.LeaveWaitlistDialog));

export const preloadLeaveWaitlist = () => void LeaveWaitlistDialog.preload().catch(() => undefined);

export interface WaitlistActions {
  /** Opens 'Leave Waitlist' for an entry; focus returns to `opener` (default: what has focus now), or to the fallback. */
  open: (entry: WaitlistEntryDto, opener?: HTMLElement | null) => void;
  /** The prompt, to render once on the page. */
  dialogs: ReactNode;
}

/**
 * Leaving a waitlist (issue 21), one prompt a page: the dashboard's 'My Waitlists' and the booking dialog's
 * 'Leave waitlist' open the same one (as useBookingActions does for Cancel and Reschedule).
 */
export function useWaitlistActions(options: { fallbackFocus?: () => HTMLElement | null } = {}): WaitlistActions {
  const [action, setAction] = useState<{ entry: WaitlistEntryDto; open: boolean } | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const { fallbackFocus } = options;

  const open = useCallback((entry: WaitlistEntryDto, opener?: HTMLElement | null) => {
    openerRef.current = opener === undefined ? focusedElement() : opener;
    setAction({ entry, open: true });
  }, []);
  const setOpen = (next: boolean) => setAction((current) => (current ? { ...current, open: next } : null));
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, fallbackFocus?.() ?? null);

  const dialogs = action && (
    <Suspense fallback={<DialogLoadingOverlay label="Opening Leave Waitlist" />}>
      <LeaveWaitlistDialog entry={action.entry} open={action.open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
    </Suspense>
  );
  return { open, dialogs };
}
