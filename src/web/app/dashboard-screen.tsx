import { Suspense, useMemo, useRef, useState } from 'react';
import { confirmedSessionIds } from '../../shared/rules/upcoming-bookings';
import type { SessionDto } from '../../shared/schemas/sessions';
import { Card, CardContent } from '../components/ui/card';
import { DialogLoadingOverlay } from '../components/ui/spinner';
import { WeeklyCalendar } from '../features/calendar/components/weekly-calendar';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import type { SessionPickerProps } from '../features/my-bookings/components/reschedule-booking-dialog';
import { UpcomingBookings } from '../features/my-bookings/components/upcoming-bookings';
import { useAuth } from '../lib/auth';
import { DeferredRender } from '../lib/deferred-render';
import { lazyWithPreload, usePreloadWhenIdle } from '../lib/lazy';
import { useMyBookings } from '../lib/my-bookings';
import { usePageTitle } from '../lib/page-title';
import { focusedElement, restoreFocus } from '../lib/restore-focus';
import { BookingConfirmationPage } from './lazy-pages';

/** The booking dialog (and the zod schema it checks with) loads on demand, and is preloaded once the calendar is up. */
const BookingDialog = lazyWithPreload(() => import('../features/booking/components/booking-dialog').then((m) => m.BookingDialog));

/**
 * /dashboard: the dashboard feature laid out with the calendar (which opens the booking dialog) and the
 * upcoming bookings (whose reschedule dialog reuses the calendar as its session picker).
 */
export function DashboardScreen() {
  const { user } = useAuth();
  usePageTitle('Dashboard');
  const bookings = useMyBookings();
  const bookedSessionIds = useMemo(() => confirmedSessionIds(bookings.data ?? []), [bookings.data]);
  const [booking, setBooking] = useState<{ session: SessionDto; open: boolean } | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // A session card's likely next steps: the booking dialog, then the confirmation screen.
  usePreloadWhenIdle(BookingDialog.preload, BookingConfirmationPage.preload);

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
          <DeferredRender fallback={<Card aria-busy="true" className="h-[32rem]" />}>
            <Card>
              <CardContent className="p-4 sm:p-6">
                <WeeklyCalendar title="Weekly Calendar" bookedSessionIds={bookedSessionIds} onSelectSession={openBookingDialog} />
              </CardContent>
            </Card>
          </DeferredRender>
        }
        upcomingBookings={
          <DeferredRender fallback={<Card aria-busy="true" className="h-48" />}>
            <UpcomingBookings renderSessionPicker={renderSessionPicker} />
          </DeferredRender>
        }
      />
      {booking && (
        <Suspense fallback={<DialogLoadingOverlay label="Opening the booking form" />}>
          <BookingDialog
            session={booking.session}
            open={booking.open}
            onOpenChange={(open) => setBooking((current) => (current ? { ...current, open } : null))}
            onCloseAutoFocus={(event) => restoreFocus(event, openerRef.current)}
          />
        </Suspense>
      )}
    </>
  );
}
