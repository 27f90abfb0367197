import { useMemo } from 'react';
import { confirmedSessionIds } from '../../shared/rules/upcoming-bookings';
import { waitlistPositionsBySession } from '../../shared/rules/waitlist';
import { WeeklyCalendar } from '../features/calendar/components/weekly-calendar';
import type { SessionPickerProps } from '../features/my-bookings/components/reschedule-booking-dialog';
import { useMyBookings } from '../lib/my-bookings';
import { useMyWaitlist } from '../lib/my-waitlist';

/** The sessions the family holds a confirmed booking for (the calendar's 'Booked' markers). */
export function useBookedSessionIds(): ReadonlySet<string> {
  const bookings = useMyBookings();
  return useMemo(() => confirmedSessionIds(bookings.data ?? []), [bookings.data]);
}

/** The family's place in line for each session it waits for (the calendar's 'Waitlist #N' markers, issue 21). */
export function useWaitlistPositions(): ReadonlyMap<string, number> {
  const waitlist = useMyWaitlist();
  return useMemo(() => waitlistPositionsBySession(waitlist.data ?? []), [waitlist.data]);
}

/** The reschedule dialog's session picker: the parents' weekly calendar, opened on the booking's week. */
export function useRescheduleSessionPicker() {
  const bookedSessionIds = useBookedSessionIds();
  const waitlistPositions = useWaitlistPositions();
  return (picker: SessionPickerProps) => (
    <WeeklyCalendar
      title="Choose a new session"
      bookedSessionIds={bookedSessionIds}
      waitlistPositions={waitlistPositions}
      onSelectSession={picker.onSelectSession}
      isSelectable={picker.isSelectable}
      selectedSessionId={picker.selectedSessionId}
      currentSessionId={picker.currentSessionId}
      initialWeekOf={picker.currentSessionStartsAt}
    />
  );
}
