import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../../shared/schemas/users';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../../lib/use-media-query';
import { useNow } from '../../../lib/use-now';
import { ChildUsageCards, ThisWeekCard, type ShownWeek } from './child-usage-cards';
import { ComingSoonCard } from './coming-soon-card';
import { NextSessionCard } from './next-session-card';
import { BookingPausedNotice } from '../../../components/booking-paused-notice';

interface DashboardPageProps {
  user: CurrentUser;
  /** The week the calendar shows (issue 20: the child cards follow it): its Monday, weeks after this one, its label. */
  week: ShownWeek;
  /** The weekly calendar (composed in src/web/app). */
  calendar: ReactNode;
  /** 'My Upcoming Bookings' (composed in src/web/app). */
  upcomingBookings: ReactNode;
  /** 'My Waitlists' (issue 21, composed in src/web/app), after the upcoming bookings. */
  waitlists?: ReactNode;
}

/**
 * Spec 2, parent dashboard: per-child usage cards (or 'This Week'), Next Session, Coming Soon, the calendar,
 * the upcoming bookings and the waitlists (issue 21). Issue 33: where the calendar is a list of days (below lg, a
 * phone), it comes right after the usage cards, so a parent does not scroll past three cards to reach it; Next
 * Session and Coming Soon follow it. The order is the page's own (not CSS order), so reading and Tab follow what is
 * seen; the calendar keeps its place among the siblings, so turning a tablet keeps its week and filter.
 */
export function DashboardPage({ user, week, calendar, upcomingBookings, waitlists }: DashboardPageProps) {
  const now = useNow();
  const calendarFirst = !useMediaQuery(WIDE_LAYOUT_QUERY);
  const otherCards = (
    <>
      <NextSessionCard now={now} />
      <ComingSoonCard />
    </>
  );

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
        {/* Issue 33: the header already says 'Hello, <name>': the page says what it is for, not hello again. */}
        <p className="mt-1 text-slate-600">Book, reschedule or cancel training sessions here.</p>
      </div>

      {/* Issue 32: the no-show rule paused the family's online booking. */}
      {user.bookingPause && <BookingPausedNotice pause={user.bookingPause} />}

      <section aria-label="This week at a glance" className="grid gap-4 lg:grid-cols-3">
        {/* Two usage cards a row on small screens (a lone last one takes the row), stacked beside the others on large ones. */}
        <div className="grid grid-cols-2 content-start gap-3 lg:grid-cols-1 [&>:last-child:nth-child(odd)]:col-span-2 lg:[&>:last-child:nth-child(odd)]:col-span-1">
          {user.children.length > 0 ? <ChildUsageCards week={week} /> : <ThisWeekCard user={user} />}
        </div>
        {!calendarFirst && otherCards}
      </section>

      {calendar}
      {calendarFirst && <div className="grid gap-4 md:grid-cols-2">{otherCards}</div>}
      {upcomingBookings}
      {waitlists}
    </div>
  );
}
