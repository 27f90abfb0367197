import { useRef, useState } from 'react';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { BookingChildrenPicker, joinNames, useBookingChildrenChoice } from '../../../components/booking-children-picker';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { attemptAnswered, useAttemptKeys } from '../../../lib/idempotency';
import { useOfficeCancel } from '../api/office-bookings';
import { OfficeNoteFields } from '../../../components/office-note-fields';

interface OfficeCancelDialogProps {
  booking: AdminBookingDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec 8's 'cancel booking' prompt, for the office acting for a family (issue 19): a note, then the family is told by
 * e-mail. Issue 32: a booking of two or more children lists them, all ticked; only the ticked ones are cancelled.
 */
export function OfficeCancelDialog(props: OfficeCancelDialogProps) {
  return <OfficeCancelPrompt key={props.booking?.id ?? ''} {...props} />;
}

function OfficeCancelPrompt({ booking, open, onOpenChange }: OfficeCancelDialogProps) {
  const cancel = useOfficeCancel();
  const choice = useBookingChildrenChoice(booking?.childNames ?? []);
  const [note, setNote] = useState('');
  const attempt = useAttemptKeys();
  const submitting = useRef(false);

  function confirm() {
    if (!booking || submitting.current || choice.none) return;
    submitting.current = true;
    const trimmed = note.trim();
    const { childNames } = choice;
    cancel.mutate(
      { bookingId: booking.id, note: trimmed || undefined, childNames, idempotencyKey: attempt.keyFor(`${booking.id}\n${trimmed}\n${choice.chosen.join('\n')}`) },
      {
        onSuccess: (after) => {
          attempt.finish();
          const family = `${booking.user.firstName} ${booking.user.lastName}`;
          toast(
            childNames && after.status === 'CONFIRMED'
              ? {
                  title: 'Place Cancelled',
                  description: `${joinNames(childNames)}'s place is cancelled; ${joinNames(after.childNames)} ${after.childNames.length === 1 ? 'stays' : 'stay'} booked. ${family} gets an email.`,
                }
              : { title: 'Booking Cancelled', description: `${family} gets an email; the spots are released.` },
          );
          setNote('');
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
    <ConfirmDialog
      open={open && booking !== null}
      onOpenChange={onOpenChange}
      title="Cancel Booking"
      description={
        booking && (
          <p>
            Cancel this booking of <strong className="font-semibold text-slate-900">{`${booking.user.firstName} ${booking.user.lastName}`}</strong>? The
            spots are released and the family gets an email.
          </p>
        )
      }
      confirmLabel={choice.all ? 'Cancel Booking' : `Cancel ${choice.names}`}
      confirmDisabled={choice.none}
      pendingLabel="Cancelling..."
      cancelLabel="Keep Booking"
      pending={cancel.isPending}
      destructive
      onConfirm={confirm}
    >
      {booking && (
        <div className="grid gap-4">
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
            <BookingSummary session={booking.session} childNames={booking.childNames} bookingId={booking.id} layout="inline" />
          </div>
          <BookingChildrenPicker choice={choice} legend="Children to cancel" disabled={cancel.isPending} />
          <OfficeNoteFields note={note} onNoteChange={setNote} disabled={cancel.isPending} />
        </div>
      )}
    </ConfirmDialog>
  );
}
