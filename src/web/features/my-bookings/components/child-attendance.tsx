import { Ban, CalendarCheck, CircleCheck, CircleX, Clock } from 'lucide-react';
import type { ComponentType } from 'react';
import { CHILD_STATE_TEXT, type ChildBookingState } from '../../../../shared/rules/attendance';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { Badge } from '../../../components/ui/badge';

/** Each state's icon and colour: the words carry the meaning, the icon and colour only repeat it. */
const LOOK: Record<ChildBookingState, { Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; variant: 'success' | 'danger' | 'secondary' | 'warning' | 'outline' }> = {
  booked: { Icon: CalendarCheck, variant: 'outline' },
  attended: { Icon: CircleCheck, variant: 'success' },
  'no-show': { Icon: CircleX, variant: 'danger' },
  cancelled: { Icon: Ban, variant: 'secondary' },
  'late-cancellation': { Icon: Clock, variant: 'warning' },
};

/** Whether a booking still to come has a child cancelled alone (the others still booked). */
export const hasChildCancelledAlone = (booking: BookingDto): boolean =>
  booking.status === 'CONFIRMED' && booking.childStates.some((child) => child.state === 'cancelled' || child.state === 'late-cancellation');

/**
 * Issue 32: each child of a booking with what became of their place, in words with an icon ('Ava — Attended',
 * 'Leo — No-show', 'Late cancellation', 'Cancelled', 'Booked'), from the booking's `childStates`. The badges wrap on
 * a narrow screen; a long name breaks rather than pushing the page sideways.
 */
export function ChildAttendance({ booking }: { booking: BookingDto }) {
  if (!booking.childStates.length) return null;
  return (
    <p className="flex flex-wrap gap-1.5" data-testid="child-attendance">
      <span className="sr-only">Each child: </span>
      {booking.childStates.map(({ name, state }, index) => {
        const { Icon, variant } = LOOK[state];
        return (
          <Badge key={`${name}-${index}`} variant={variant} className="max-w-full whitespace-normal font-medium [overflow-wrap:anywhere]">
            <Icon aria-hidden />
            <span>{`${name} — ${CHILD_STATE_TEXT[state]}`}</span>
            {index < booking.childStates.length - 1 && <span className="sr-only">,</span>}
          </Badge>
        );
      })}
    </p>
  );
}
