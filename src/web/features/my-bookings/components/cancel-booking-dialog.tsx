import { Info } from 'lucide-react';
import { useRef } from 'react';
import { cancellationCreditNote } from '../../../../shared/rules/cancellation';
import { formatShortDate } from '../../../../shared/rules/format';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { BookingChildrenPicker, joinNames, useBookingChildrenChoice } from '../../../components/booking-children-picker';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useCancelBooking } from '../api/cancel-booking';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';
import { usePolicies } from '../../../lib/policies';
import { useNow } from '../../../lib/use-now';

interface CancelBookingDialogProps {
  booking: BookingDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 8, confirmation prompt before cancelling a booking; 'Booking Cancelled' / 'Cancellation Failed' toasts. Issue
 * 32: a booking of two or more children lists them, all ticked; unticking some cancels only the ticked ones; and the
 * dialog says whether cancelling now gives a make-up credit (before the cut-off) or is a late cancellation.
 */
export function CancelBookingDialog({ booking, open, onOpenChange, onCloseAutoFocus }: CancelBookingDialogProps) {
  return (
    <Dialog open={open && booking !== null} onOpenChange={(next) => !next && onOpenChange(false)}>
      {booking && <CancelBookingContent key={booking.id} booking={booking} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} />}
    </Dialog>
  );
}

function CancelBookingContent({
  booking,
  onOpenChange,
  onCloseAutoFocus,
}: {
  booking: BookingDto;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const choice = useBookingChildrenChoice(booking.childNames);
  const cancelBooking = useCancelBooking();
  const busy = cancelBooking.isPending;
  const online = useOnline();
  // Set at once (the pending state re-renders only later), so a double click sends one request.
  const submitting = useRef(false);
  const attempt = useAttemptKeys();

  function confirm() {
    if (busy || submitting.current || choice.none) return;
    submitting.current = true;
    const { childNames } = choice;
    cancelBooking.mutate(
      { bookingId: booking.id, childNames, idempotencyKey: attempt.keyFor(`${booking.id}|${choice.chosen.join('\n')}`) },
      {
        onSuccess: (after) => {
          attempt.finish();
          const what = `${booking.session.classType.name} on ${formatShortDate(booking.session.startsAt)}`;
          toast(
            childNames && after.status === 'CONFIRMED'
              ? {
                  title: 'Place Cancelled',
                  description: `${joinNames(childNames)}'s place for ${what} has been cancelled. ${joinNames(after.childNames)} ${
                    after.childNames.length === 1 ? 'stays' : 'stay'
                  } booked.`,
                }
              : { title: 'Booking Cancelled', description: `Your booking for ${what} has been cancelled.` },
          );
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
    <DialogContent
      role="alertdialog"
      hideClose={busy}
      onCloseAutoFocus={onCloseAutoFocus}
      onEscapeKeyDown={(event) => busy && event.preventDefault()}
      onPointerDownOutside={(event) => busy && event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>Cancel Booking</DialogTitle>
        <DialogDescription>
          Are you sure you want to cancel this booking? The spots will be released for other families.
        </DialogDescription>
      </DialogHeader>
      <BookingSummary
        session={booking.session}
        childNames={booking.childNames}
        bookingId={booking.id}
        className="rounded-lg border border-slate-200 bg-slate-50 p-4"
      />
      <BookingChildrenPicker choice={choice} legend="Children to cancel" disabled={busy} />
      <CreditNote startsAt={booking.session.startsAt} names={choice.chosen} />
      {!online && <OfflineNotice />}
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Keep Booking
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={busy || !online || choice.none}>
          {busy ? 'Cancelling...' : choice.all ? 'Cancel Booking' : `Cancel ${choice.names}`}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

/** Issue 32: early (a make-up credit while credits are on) or late (none), as the server will decide it now. */
function CreditNote({ startsAt, names }: { startsAt: string; names: readonly string[] }) {
  const policies = usePolicies();
  // Refreshed each minute: a dialog left open past the cut-off says so.
  const now = useNow(60_000);
  if (!policies.data) return null;
  const note = cancellationCreditNote(startsAt, now, policies.data, names);
  if (!note) return null;
  return (
    <p className="flex items-start gap-1.5 rounded-md bg-slate-50 px-2.5 py-2 text-sm text-slate-700" data-kind={note.kind}>
      <Info className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      {note.text}
    </p>
  );
}
