import { ArrowLeft, CalendarX2, History } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import { PAST_BOOKINGS_DAYS, pastBookings, upcomingBookings } from '../../../../shared/rules/upcoming-bookings';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { OfflineNotice } from '../../../components/offline-notice';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyBookings } from '../../../lib/my-bookings';
import { useOnline } from '../../../lib/online-status';
import { useNow } from '../../../lib/use-now';
import type { BookingActionKind } from './booking-actions';
import { BookingListItem } from './booking-list-item';

interface AllBookingsPageProps {
  onAction: (kind: BookingActionKind, booking: BookingDto) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Issue 20, 'View all': every upcoming booking of the family (each with Reschedule and Cancel), then the bookings of
 * the last 90 days. Nothing the family must act on is out of reach.
 */
export function AllBookingsPage({ onAction, headingRef }: AllBookingsPageProps) {
  const bookings = useMyBookings();
  const now = useNow();
  const online = useOnline();
  const upcomingId = useId();
  const pastId = useId();
  const upcoming = upcomingBookings(bookings.data ?? [], now, Number.POSITIVE_INFINITY);
  const past = pastBookings(bookings.data ?? [], now);

  return (
    <div className="space-y-6">
      <div className="grid gap-2">
        <Link to="/dashboard" className="flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Dashboard
        </Link>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl">
          My Bookings
        </h1>
      </div>

      {bookings.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading bookings">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : bookings.isError ? (
        <QueryErrorAlert title="Failed to fetch bookings" error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : (
        <>
          <Card role="region" aria-labelledby={upcomingId}>
            <CardHeader>
              <CardTitle id={upcomingId}>{`Upcoming (${upcoming.length})`}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {!online && upcoming.length > 0 && <OfflineNotice />}
              {upcoming.length === 0 ? (
                <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
                  <CalendarX2 className="size-8 text-slate-400" aria-hidden="true" />
                  <p className="mt-2 font-medium text-slate-900">No upcoming bookings</p>
                  <p className="mt-1 text-sm text-slate-600">
                    Choose a session in the <Link to="/dashboard" className="font-medium text-brand-700 underline">calendar</Link> to book one.
                  </p>
                </div>
              ) : (
                <ul className="grid gap-3">
                  {upcoming.map((booking) => (
                    <BookingListItem key={booking.id} booking={booking} online={online} onAction={onAction} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card role="region" aria-labelledby={pastId}>
            <CardHeader>
              <CardTitle id={pastId} className="flex items-center gap-2">
                <History className="size-5 text-slate-500" aria-hidden="true" />
                {`Past ${PAST_BOOKINGS_DAYS} days (${past.length})`}
              </CardTitle>
            </CardHeader>
            <CardContent>
              {past.length === 0 ? (
                <p className="text-sm text-slate-600">{`No sessions in the last ${PAST_BOOKINGS_DAYS} days.`}</p>
              ) : (
                <ul className="grid gap-3">
                  {past.map((booking) => (
                    <BookingListItem key={booking.id} booking={booking} online={online} showStatus />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
