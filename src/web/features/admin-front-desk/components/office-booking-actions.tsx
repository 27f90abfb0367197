import { useState } from 'react';
import { isFutureBooking } from '../../../../shared/rules/session-card';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { useNow } from '../../../lib/use-now';
import { OfficeCancelDialog } from './office-cancel-dialog';
import { OfficeRescheduleDialog } from './office-reschedule-dialog';
import type { RenderOfficeSessionPicker } from './session-picker';

/** Reschedule and Cancel for one family's future confirmed booking (a Reservations row; issue 19). */
export function OfficeBookingActions({ booking, renderSessionPicker }: { booking: AdminBookingDto; renderSessionPicker: RenderOfficeSessionPicker }) {
  const now = useNow();
  const [open, setOpen] = useState<'cancel' | 'reschedule' | null>(null);
  if (booking.status !== 'CONFIRMED' || !isFutureBooking(booking, now)) return null;
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" size="sm" onClick={() => setOpen('reschedule')} aria-label={`Reschedule ${booking.reference}`}>
        Reschedule
      </Button>
      <Button variant="outline" size="sm" onClick={() => setOpen('cancel')} aria-label={`Cancel ${booking.reference}`}>
        Cancel
      </Button>
      <OfficeCancelDialog booking={booking} open={open === 'cancel'} onOpenChange={(next) => setOpen(next ? 'cancel' : null)} />
      <OfficeRescheduleDialog
        booking={booking}
        open={open === 'reschedule'}
        onOpenChange={(next) => setOpen(next ? 'reschedule' : null)}
        renderSessionPicker={renderSessionPicker}
      />
    </div>
  );
}
