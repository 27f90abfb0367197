import { ArrowDown } from 'lucide-react';
import { BookingSummary, type SummarySession } from './booking-summary';

/** A reschedule's confirmation step: the booking's current session, an arrow, and the session it moves to. */
export function RescheduleSummary({
  booking,
  to,
}: {
  booking: { id: string; session: SummarySession; childNames: string[] };
  to: SummarySession | null;
}) {
  return (
    <>
      <section aria-label="Current booking" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">From</p>
        <BookingSummary session={booking.session} childNames={booking.childNames} bookingId={booking.id} />
      </section>
      <ArrowDown className="mx-auto size-5 text-slate-500" aria-hidden="true" />
      {to && (
        <section aria-label="New session" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-brand-800">To</p>
          <BookingSummary session={to} childNames={booking.childNames} />
        </section>
      )}
    </>
  );
}
