import { useRef } from 'react';
import { formatShortDate } from '../../../../shared/rules/format';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useCancelBooking } from '../api/cancel-booking';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';

interface CancelBookingDialogProps {
  booking: BookingDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec 8, confirmation prompt before cancelling a booking; 'Booking Cancelled' / 'Cancellation Failed' toasts. */
export function CancelBookingDialog({ booking, open, onOpenChange, onCloseAutoFocus }: CancelBookingDialogProps) {
  const cancelBooking = useCancelBooking();
  const busy = cancelBooking.isPending;
  const online = useOnline();
  // Set at once (the pending state re-renders only later), so a double click sends one request.
  const submitting = useRef(false);
  const attempt = useAttemptKeys();

  function confirm() {
    if (!booking || busy || submitting.current) return;
    submitting.current = true;
    cancelBooking.mutate(
      { bookingId: booking.id, idempotencyKey: attempt.keyFor(booking.id) },
      {
        onSuccess: () => {
          attempt.finish();
          toast({
            title: 'Booking Cancelled',
            description: `Your booking for ${booking.session.classType.name} on ${formatShortDate(booking.session.startsAt)} has been cancelled.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (attemptAnswered(error)) attempt.finish();
          toast({ variant: 'destructive', title: 'Cancellation Failed', description: apiErrorMessage(error, 'Failed to cancel booking') });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  }

  return (
    <Dialog open={open && booking !== null} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Cancel Booking</DialogTitle>
          <DialogDescription>
            Are you sure you want to cancel this booking? The spots will be released for other families.
          </DialogDescription>
        </DialogHeader>
        {booking && (
          <BookingSummary
            session={booking.session}
            childNames={booking.childNames}
            bookingId={booking.id}
            className="rounded-lg border border-slate-200 bg-slate-50 p-4"
          />
        )}
        {!online && <OfflineNotice />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Keep Booking
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={busy || !online}>
            {busy ? 'Cancelling...' : 'Cancel Booking'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
