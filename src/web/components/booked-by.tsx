import { bookedByLabel } from '../../shared/rules/format';
import type { BookedBy as BookedByKind } from '../../shared/schemas/bookings';

interface BookedByProps {
  booking: { bookedBy: BookedByKind; bookedByName: string | null; note?: string | null | undefined };
}

/**
 * Who made a booking, as the office's tables show it (Reservations, a family's bookings): 'Family', 'Office (Adam
 * Archer)', or 'Waitlist' with who promoted it on a line of its own (issue 21), then the office's note.
 */
export function BookedBy({ booking }: BookedByProps) {
  const promotedBy = booking.bookedBy === 'WAITLIST' && booking.bookedByName ? booking.bookedByName : null;
  return (
    <div className="grid min-w-28">
      {promotedBy ? (
        <span>
          <span className="whitespace-nowrap">Waitlist</span> <span className="text-xs text-slate-600">(promoted by {promotedBy})</span>
        </span>
      ) : (
        <span className="whitespace-nowrap">{bookedByLabel(booking)}</span>
      )}
      {booking.note && <span className="text-xs text-slate-600">Note: {booking.note}</span>}
    </div>
  );
}
