import { useMemo } from 'react';
import { confirmedSessionIds } from '../../shared/rules/upcoming-bookings';
import { WeeklyCalendar } from '../features/calendar/components/weekly-calendar';
import type { SessionPickerProps } from '../features/my-bookings/components/reschedule-booking-dialog';
import { useMyBookings } from '../lib/my-bookings';

/** The sessions the family holds a confirmed booking for (the calendar's 'Booked' markers). */
export function useBookedSessionIds(): ReadonlySet<string> {
  const bookings = useMyBookings();
  return useMemo(() => confirmedSessionIds(bookings.data ?? []), [bookings.data]);
}

/** The reschedule dialog's session picker: the parents' weekly calendar, opened on the booking's week. */
export function useRescheduleSessionPicker() {
  const bookedSessionIds = useBookedSessionIds();
  return (picker: SessionPickerProps) => (
    <WeeklyCalendar
      title="Choose a new session"
      bookedSessionIds={bookedSessionIds}
      onSelectSession={picker.onSelectSession}
      isSelectable={picker.isSelectable}
      selectedSessionId={picker.selectedSessionId}
      currentSessionId={picker.currentSessionId}
      initialWeekOf={picker.currentSessionStartsAt}
    />
  );
}
