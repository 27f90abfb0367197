import { Link } from 'react-router';
import { bookingReference } from '../../../../shared/product';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { preloadCancel, preloadReschedule, type BookingActionKind } from './booking-actions';

interface BookingListItemProps {
  booking: BookingDto;
  online: boolean;
  /** Reschedule and Cancel, for a future confirmed booking; without it the row only offers View. */
  onAction?: ((kind: BookingActionKind, booking: BookingDto) => void) | undefined;
  /** A word on the booking's state, for past ones ('Cancelled', 'Attended'…). */
  status?: { label: string; tone: 'secondary' | 'danger' } | undefined;
}

/** One booking of the family in a list: what, when, who, the reference, and what can be done with it. */
export function BookingListItem({ booking, online, onAction, status }: BookingListItemProps) {
  const reference = bookingReference(booking.id);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1.5">
        <BookingSummary session={booking.session} childNames={booking.childNames} bookingId={booking.id} layout="inline" className="min-w-0" />
        {status && (
          <Badge variant={status.tone} className="w-fit">
            {status.label}
          </Badge>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {/* At the gym door (offline too): the booking's confirmation, to show. */}
        <Button asChild variant="ghost" size="sm" className="flex-1 sm:flex-none">
          <Link to={`/booking-confirmation/${booking.id}`}>
            View<span className="sr-only">{` booking #${reference}`}</span>
          </Link>
        </Button>
        {onAction && (
          <>
            <Button
              variant="outline"
              size="sm"
              className="flex-1 sm:flex-none"
              onPointerEnter={preloadReschedule}
              onFocus={preloadReschedule}
              disabled={!online}
              onClick={() => onAction('reschedule', booking)}
            >
              Reschedule<span className="sr-only">{` booking #${reference}`}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="flex-1 border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800 sm:flex-none"
              onPointerEnter={preloadCancel}
              onFocus={preloadCancel}
              disabled={!online}
              onClick={() => onAction('cancel', booking)}
            >
              Cancel<span className="sr-only">{` booking #${reference}`}</span>
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
