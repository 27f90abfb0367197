import { CalendarClock, CalendarX2 } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import { UPCOMING_BOOKINGS_SHOWN, upcomingBookings } from '../../../../shared/rules/upcoming-bookings';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyBookings } from '../../../lib/my-bookings';
import { useNow } from '../../../lib/use-now';
import type { BookingActionKind } from './booking-actions';
import { BookingListItem } from './booking-list-item';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';

/** The route of every booking of the family (issue 20). */
export const MY_BOOKINGS_ROUTE = '/my-bookings';

interface UpcomingBookingsProps {
  /** Opens Cancel or Reschedule for a booking (useBookingActions, one pair of dialogs for the page). */
  onAction: (kind: BookingActionKind, booking: BookingDto) => void;
  /** The card's heading, where focus goes when a dialog's opener is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Spec 2, 'My Upcoming Bookings': the first 5 future confirmed bookings, each with Reschedule and Cancel; with more,
 * 'View all (N)' leads to the page of every booking (issue 20).
 */
export function UpcomingBookings({ onAction, headingRef }: UpcomingBookingsProps) {
  const bookings = useMyBookings();
  const now = useNow();
  const online = useOnline();
  const headingId = useId();
  const allUpcoming = upcomingBookings(bookings.data ?? [], now, Number.POSITIVE_INFINITY);
  const upcoming = allUpcoming.slice(0, UPCOMING_BOOKINGS_SHOWN);
  const open = onAction;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <CalendarClock className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle id={headingId} ref={headingRef} tabIndex={-1} className="focus:outline-none">
            My Upcoming Bookings
          </CardTitle>
          <CardDescription>Your next sessions. Plans changed? Reschedule or cancel here.</CardDescription>
        </div>
        <Link
          to={MY_BOOKINGS_ROUTE}
          className="ml-auto shrink-0 self-center rounded-md px-2 py-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {allUpcoming.length > UPCOMING_BOOKINGS_SHOWN ? `View all (${allUpcoming.length})` : 'All bookings'}
        </Link>
      </CardHeader>
      <CardContent>
        {bookings.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading bookings">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : bookings.isError ? (
          <QueryErrorAlert
            title="Failed to fetch bookings"
            error={bookings.error}
            fallback="Your bookings could not be loaded."
            onRetry={() => void bookings.refetch()}
          />
        ) : upcoming.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
            <CalendarX2 className="size-8 text-slate-400" aria-hidden="true" />
            <p className="mt-2 font-medium text-slate-900">No upcoming bookings</p>
            <p className="mt-1 text-sm text-slate-600">Choose a session in the calendar above to book one.</p>
          </div>
        ) : (
          <div className="grid gap-3">
            {!online && <OfflineNotice />}
            <ul className="grid gap-3">
              {upcoming.map((booking) => (
                <BookingListItem key={booking.id} booking={booking} online={online} onAction={open} />
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
