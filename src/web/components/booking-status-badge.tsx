import { bookingStatusLabel, type BookingStatusLabel } from '../../shared/rules/session-status';
import { Badge } from './ui/badge';

/** Confirmed green, Cancelled grey, anything else (Pending) amber. */
const VARIANT = { Confirmed: 'success', Cancelled: 'secondary', Pending: 'warning' } as const satisfies Record<BookingStatusLabel, string>;

/** A booking's status as a word (issue 20: 'Confirmed', 'Cancelled', else 'Pending'), the same in every office table. */
export function BookingStatusBadge({ status }: { status: string }) {
  const label = bookingStatusLabel(status);
  return <Badge variant={VARIANT[label]}>{label}</Badge>;
}
