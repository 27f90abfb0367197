import { useMemo, useRef, useState } from 'react';
import { confirmedSessionIds } from '../../shared/rules/upcoming-bookings';
import type { SessionDto } from '../../shared/schemas/sessions';
import { Card, CardContent } from '../components/ui/card';
import { BookingDialog } from '../features/booking/components/booking-dialog';
import { WeeklyCalendar } from '../features/calendar/components/weekly-calendar';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import type { SessionPickerProps } from '../features/my-bookings/components/reschedule-booking-dialog';
import { UpcomingBookings } from '../features/my-bookings/components/upcoming-bookings';
import { useAuth } from '../lib/auth';
import { useMyBookings } from '../lib/my-bookings';
import { focusedElement, restoreFocus } from '../lib/restore-focus';

/**
 * /dashboard: the dashboard feature laid out with the calendar (which opens the booking dialog) and the
 * upcoming bookings (whose reschedule dialog reuses the calendar as its session picker).
 */
export function DashboardScreen() {
  const { user } = useAuth();
  const bookings = useMyBookings();
  const bookedSessionIds = useMemo(() => confirmedSessionIds(bookings.data ?? []), [bookings.data]);
  const [booking, setBooking] = useState<{ session: SessionDto; open: boolean } | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  if (!user) return <p className="text-slate-700">Please log in to view your dashboard.</p>;

  function openBookingDialog(session: SessionDto) {
    openerRef.current = focusedElement();
    setBooking({ session, open: true });
  }

  const renderSessionPicker = (picker: SessionPickerProps) => (
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

  return (
    <>
      <DashboardPage
        user={user}
        calendar={
          <Card>
            <CardContent className="p-4 sm:p-6">
              <WeeklyCalendar title="Weekly Calendar" bookedSessionIds={bookedSessionIds} onSelectSession={openBookingDialog} />
            </CardContent>
          </Card>
        }
        upcomingBookings={<UpcomingBookings renderSessionPicker={renderSessionPicker} />}
      />
      <BookingDialog
        session={booking?.session ?? null}
        open={booking?.open ?? false}
        onOpenChange={(open) => setBooking((current) => (current ? { ...current, open } : null))}
        onCloseAutoFocus={(event) => restoreFocus(event, openerRef.current)}
      />
    </>
  );
}
