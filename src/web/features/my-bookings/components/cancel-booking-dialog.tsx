import { formatShortDate } from '../../../../shared/rules/format';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
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

  function confirm() {
    if (!booking || busy) return;
    cancelBooking.mutate(
      { bookingId: booking.id },
      {
        onSuccess: () => {
          toast({
            title: 'Booking Cancelled',
            description: `Your booking for ${booking.session.classType.name} on ${formatShortDate(booking.session.startsAt)} has been cancelled.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Cancellation Failed', description: apiErrorMessage(error, 'Failed to cancel booking') });
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
