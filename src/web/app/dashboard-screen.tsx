import { Suspense, useCallback, useRef, useState } from 'react';
import { calendarWeek } from '../../shared/rules/calendar-weeks';
import { torontoDateKey } from '../../shared/rules/week';
import type { SessionDto } from '../../shared/schemas/sessions';
import type { CurrentUser } from '../../shared/schemas/users';
import { Card, CardContent } from '../components/ui/card';
import { DialogLoadingOverlay } from '../components/ui/spinner';
import { WeeklyCalendar } from '../features/calendar/components/weekly-calendar';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { OfficeEntry, showsOfficeEntry } from '../features/dashboard/components/office-entry';
import { useBookingActions } from '../features/my-bookings/components/booking-actions';
import { UpcomingBookings } from '../features/my-bookings/components/upcoming-bookings';
import { MyWaitlists } from '../features/waitlist/components/my-waitlists';
import { useWaitlistActions } from '../features/waitlist/components/waitlist-actions';
import { useAuth } from '../lib/auth';
import { useRefreshWhenWaitlistChanges } from '../lib/booking-cache';
import { DeferredRender } from '../lib/deferred-render';
import { lazyWithPreload, usePreloadSoon } from '../lib/lazy';
import { usePageTitle } from '../lib/page-title';
import { focusedElement, restoreFocus } from '../lib/restore-focus';
import { useNow } from '../lib/use-now';
import { BookingConfirmationPage } from './lazy-pages';
import { useBookedSessionIds, useRescheduleSessionPicker, useWaitlistPositions } from './session-picker';

/** The booking dialog (and the zod schema it checks with) loads on demand, preloaded at the first sign of intent. */
const BookingDialog = lazyWithPreload(() => import('../features/booking/components/booking-dialog').then((m) => m.BookingDialog));

/**
 * /dashboard: the dashboard feature laid out with the calendar (which opens the booking dialog) and the
 * upcoming bookings (whose reschedule dialog reuses the calendar as its session picker). The child cards follow
 * the week the calendar shows (issue 20); Cancel and Reschedule are one pair of dialogs, opened from the upcoming
 * list or from the booking dialog's 'Manage booking'. Issue 21: 'My Waitlists' follows the upcoming bookings; its
 * Leave and the booking dialog's 'Leave waitlist' open one prompt.
 */
export function DashboardScreen() {
  const { user } = useAuth();
  usePageTitle('Dashboard');
  if (!user) return <p className="text-slate-700">Please log in to view your dashboard.</p>;
  // Issue 33: an office account without children has no family week to show (nor to fetch).
  if (showsOfficeEntry(user)) return <OfficeEntry role={user.role} />;
  return <ParentDashboard user={user} />;
}

function ParentDashboard({ user }: { user: CurrentUser }) {
  const now = useNow();
  const bookedSessionIds = useBookedSessionIds();
  const waitlistPositions = useWaitlistPositions();
  useRefreshWhenWaitlistChanges();
  const [booking, setBooking] = useState<{ session: SessionDto; open: boolean } | null>(null);
  const [weekOffset, setWeekOffset] = useState(0);
  const openerRef = useRef<HTMLElement | null>(null);
  const upcomingHeadingRef = useRef<HTMLHeadingElement>(null);
  const waitlistsHeadingRef = useRef<HTMLHeadingElement>(null);
  const actions = useBookingActions({ renderSessionPicker: useRescheduleSessionPicker(), fallbackFocus: () => upcomingHeadingRef.current });
  const waitlistActions = useWaitlistActions({ fallbackFocus: () => waitlistsHeadingRef.current });
  // A session card's likely next steps: the booking dialog, then the confirmation screen.
  usePreloadSoon(BookingDialog.preload, BookingConfirmationPage.preload);

  // Stable, so the calendar's memoised days do not render again with every render of the dashboard.
  const openBookingDialog = useCallback((session: SessionDto) => {
    openerRef.current = focusedElement();
    setBooking({ session, open: true });
  }, []);

  const shownWeek = calendarWeek(now, weekOffset);

  return (
    <>
      <DashboardPage
        user={user}
        week={{ start: torontoDateKey(shownWeek.start), offset: weekOffset, label: shownWeek.label }}
        calendar={
          <DeferredRender fallback={<Card aria-busy="true" className="h-[32rem]" />}>
            <Card>
              <CardContent className="p-4 sm:p-6">
                <WeeklyCalendar
                  title="Weekly Calendar"
                  bookedSessionIds={bookedSessionIds}
                  waitlistPositions={waitlistPositions}
                  onSelectSession={openBookingDialog}
                  onWeekChange={setWeekOffset}
                />
              </CardContent>
            </Card>
          </DeferredRender>
        }
        upcomingBookings={
          <DeferredRender fallback={<Card aria-busy="true" className="h-48" />}>
            <UpcomingBookings onAction={actions.open} headingRef={upcomingHeadingRef} />
          </DeferredRender>
        }
        waitlists={
          <DeferredRender fallback={<Card aria-busy="true" className="h-32" />}>
            <MyWaitlists onLeave={(entry) => waitlistActions.open(entry)} headingRef={waitlistsHeadingRef} />
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
            onManageBooking={(kind, managed) => actions.open(kind, managed, openerRef.current)}
            onLeaveWaitlist={(entry) => waitlistActions.open(entry, openerRef.current)}
          />
        </Suspense>
      )}
      {actions.dialogs}
      {waitlistActions.dialogs}
    </>
  );
}
