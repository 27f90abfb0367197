import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { nextBooking } from '../../../../shared/rules/upcoming-bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { Button } from '../../../components/ui/button';
import { Card, CardLabel } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyBookings } from '../../../lib/my-bookings';

/** Spec 2, 'Next Session': the next future confirmed booking, or an empty state. */
export function NextSessionCard({ now }: { now: Date }) {
  const bookings = useMyBookings();
  const next = nextBooking(bookings.data ?? [], now);

  return (
    <Card className="flex flex-col gap-3 p-5" role="group" aria-label="Next Session">
      <CardLabel icon={Sparkles}>Next Session</CardLabel>
      {bookings.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading next session">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      ) : bookings.isError ? (
        <p className="text-sm font-medium text-red-700">Failed to fetch bookings</p>
      ) : next ? (
        <>
          <BookingSummary session={next.session} childNames={next.childNames} className="gap-1" />
          <Button asChild variant="link" size="sm" className="mt-auto h-auto w-fit px-0">
            <Link to={`/booking-confirmation/${next.id}`}>
              View booking
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </>
      ) : (
        <>
          <p className="font-medium text-slate-900">No upcoming sessions</p>
          <p className="text-sm text-slate-600">Pick a session in the calendar below to book your next one.</p>
        </>
      )}
    </Card>
  );
}
