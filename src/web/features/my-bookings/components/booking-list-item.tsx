import type { BookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { BookingActionButtons } from '../../../components/booking-action-buttons';
import { useAuth } from '../../../lib/auth';
import { preloadCancel, preloadReschedule, type BookingActionKind } from './booking-actions';
import { ChildAttendance, hasChildCancelledAlone } from './child-attendance';

interface BookingListItemProps {
  booking: BookingDto;
  online: boolean;
  /** Reschedule and Cancel, for a future confirmed booking; without it the row only offers View. */
  onAction?: ((kind: BookingActionKind, booking: BookingDto) => void) | undefined;
  /**
   * Shows the booking's status in words ('Confirmed', 'Cancelled') and each child's attendance (issue 32): the past
   * ones of the page of every booking.
   */
  showStatus?: boolean | undefined;
}

/** One booking of the family in a list: what, when, who, the reference, and what can be done with it. */
export function BookingListItem({ booking, online, onAction, showStatus }: BookingListItemProps) {
  const { user } = useAuth();
  // Issue 31: with more than one guardian, each booking says who of the family booked it.
  const you = user ? `${user.firstName} ${user.lastName}` : null;
  const bookedBy = (user?.guardians.length ?? 0) > 1 && booking.bookedByGuardian ? (booking.bookedByGuardian === you ? 'you' : booking.bookedByGuardian) : null;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1.5">
        <BookingSummary session={booking.session} childNames={booking.childNames} bookingId={booking.id} layout="inline" className="min-w-0" />
        {bookedBy && <p className="text-xs text-slate-600">Booked by {bookedBy}</p>}
        {showStatus && (
          <span className="w-fit">
            <BookingStatusBadge status={booking.status} />
          </span>
        )}
        {/* Issue 32: a past booking's attendance per child; an upcoming one with a child cancelled alone says who. */}
        {(showStatus || hasChildCancelledAlone(booking)) && <ChildAttendance booking={booking} />}
      </div>
      <BookingActionButtons
        bookingId={booking.id}
        online={online}
        preload={{ reschedule: preloadReschedule, cancel: preloadCancel }}
        onReschedule={onAction && (() => onAction('reschedule', booking))}
        onCancel={onAction && (() => onAction('cancel', booking))}
      />
    </li>
  );
}
