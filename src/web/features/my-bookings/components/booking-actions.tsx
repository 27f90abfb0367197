import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { DialogLoadingOverlay } from '../../../components/ui/spinner';
import { lazyWithPreload } from '../../../lib/lazy';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import type { RenderSessionPicker } from './reschedule-booking-dialog';

/** The dialogs load the first time one is asked for (hovering or focusing a button starts the download). */
const CancelBookingDialog = lazyWithPreload(() => import('./cancel-booking-dialog').then((m) => m.CancelBookingDialog));
const RescheduleBookingDialog = lazyWithPreload(() => import('./reschedule-booking-dialog').then((m) => m.RescheduleBookingDialog));

export const preloadCancel = () => void CancelBookingDialog.preload().catch(() => undefined);
export const preloadReschedule = () => void RescheduleBookingDialog.preload().catch(() => undefined);

export type BookingActionKind = 'cancel' | 'reschedule';
type Action = { kind: BookingActionKind; booking: BookingDto; open: boolean };

export interface BookingActions {
  /**
   * Opens the Cancel or Reschedule dialog of a booking; focus returns afterwards to `opener` (default: what has focus
   * now), or to `fallbackFocus` when that is gone.
   */
  open: (kind: BookingActionKind, booking: BookingDto, opener?: HTMLElement | null) => void;
  /** The open dialog, to render once on the page. */
  dialogs: ReactNode;
}

/**
 * Cancel and Reschedule of the family's bookings, one pair of dialogs a page: the upcoming list, the full list
 * of bookings and the booking dialog's 'Manage booking' (issue 20) all open the same ones.
 */
export function useBookingActions(options: { renderSessionPicker: RenderSessionPicker; fallbackFocus?: () => HTMLElement | null }): BookingActions {
  const [action, setAction] = useState<Action | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const { renderSessionPicker, fallbackFocus } = options;

  const open = useCallback((kind: BookingActionKind, booking: BookingDto, opener?: HTMLElement | null) => {
    openerRef.current = opener === undefined ? focusedElement() : opener;
    setAction({ kind, booking, open: true });
  }, []);
  const setOpen = (next: boolean) => setAction((current) => (current ? { ...current, open: next } : null));
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, fallbackFocus?.() ?? null);

  const dialogs = (
    <>
      {action?.kind === 'cancel' && (
        <Suspense fallback={<DialogLoadingOverlay label="Opening Cancel Booking" />}>
          <CancelBookingDialog booking={action.booking} open={action.open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
        </Suspense>
      )}
      {action?.kind === 'reschedule' && (
        <Suspense fallback={<DialogLoadingOverlay label="Opening Reschedule Booking" />}>
          <RescheduleBookingDialog
            booking={action.booking}
            open={action.open}
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
            renderSessionPicker={renderSessionPicker}
          />
        </Suspense>
      )}
    </>
  );
  return { open, dialogs };
}
