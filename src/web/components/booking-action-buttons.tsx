import { Link } from 'react-router';
import { bookingReference } from '../../shared/product';
import { Button } from './ui/button';

interface BookingActionButtonsProps {
  bookingId: string;
  /** Reschedule and Cancel are offered only with their handlers (a past booking offers View alone). */
  onReschedule?: (() => void) | undefined;
  onCancel?: (() => void) | undefined;
  /** Starts loading a dialog's code when the pointer or focus arrives. */
  preload?: { reschedule?: () => void; cancel?: () => void } | undefined;
  /** Offline a change cannot be made; View still opens the saved confirmation. */
  online: boolean;
  /** Called when View is followed (e.g. to close the dialog it is in). */
  onView?: (() => void) | undefined;
}

/**
 * A booking's View, Reschedule and Cancel, named with its reference for screen readers ('Cancel booking #NB-…'):
 * the upcoming list, the page of every booking and the booking dialog's 'Manage booking' show the same three.
 */
export function BookingActionButtons({ bookingId, onReschedule, onCancel, preload, online, onView }: BookingActionButtonsProps) {
  const named = <span className="sr-only">{` booking #${bookingReference(bookingId)}`}</span>;
  return (
    <div className="flex shrink-0 gap-2">
      {/* At the gym door (offline too): the booking's confirmation, to show. */}
      <Button asChild variant="ghost" size="sm" className="flex-1 sm:flex-none">
        <Link to={`/booking-confirmation/${bookingId}`} onClick={onView}>
          View{named}
        </Link>
      </Button>
      {onReschedule && (
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          onPointerEnter={preload?.reschedule}
          onFocus={preload?.reschedule}
          disabled={!online}
          onClick={onReschedule}
        >
          Reschedule{named}
        </Button>
      )}
      {onCancel && (
        <Button
          variant="outline"
          size="sm"
          className="flex-1 border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800 sm:flex-none"
          onPointerEnter={preload?.cancel}
          onFocus={preload?.cancel}
          disabled={!online}
          onClick={onCancel}
        >
          Cancel{named}
        </Button>
      )}
    </div>
  );
}
