import { CalendarClock, CalendarPlus, CircleCheck, CircleX, Clock, Copy, Droplets, Footprints, Mail, SearchX, Shirt, Smartphone, UserX, type LucideIcon } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { bookingReference } from '../../../../shared/product';
import { formatLongDate, formatTime } from '../../../../shared/rules/format';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { businessName } from '../../../lib/business-name';
import { copyText } from '../../../lib/clipboard';
import { usePageTitle } from '../../../lib/page-title';
import { useMyBookings } from '../../../lib/my-bookings';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import { BookingQrCode } from './booking-qr-code';
import { childLines, confirmationKind, isAhead, showsDoorCode, type ConfirmationKind } from './confirmation-rules';
import { downloadCalendarEvent } from './download-calendar-event';

/** Spec 2, booking confirmation screen at /booking-confirmation/:bookingId. */
export function BookingConfirmationPage() {
  const { bookingId } = useParams();
  // The list may be cached from before this booking existed: always ask the server once on arrival.
  const bookings = useMyBookings({ refetchOnMount: 'always' });
  const found = bookings.data?.find((candidate) => candidate.id === bookingId);
  usePageTitle(found ? `Booking ${bookingReference(found.id)}` : bookings.isPending ? 'Booking' : 'Booking Not Found');
  if (!bookingId) return <Navigate to="/dashboard" replace />;

  const booking = found;
  if (bookings.isPending || (!booking && bookings.isFetching)) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-10" label="Loading your booking" />
      </div>
    );
  }
  // 'Failed to fetch bookings' and 'Booking not found' both lead here, each saying which (spec 8). A booking
  // already known stays shown when the refresh fails (offline at the door, the service worker had no copy either).
  if (!booking) return <BookingNotFound reason={bookings.isError ? 'Failed to fetch bookings' : 'Booking not found'} />;
  return <BookingConfirmed booking={booking} />;
}

/**
 * Spec 2: 'Booking Not Found', 'We couldn't find the booking you're looking for.' and 'Return to Dashboard';
 * spec 8: the reason, 'Booking not found' (no booking of the family has this id) or 'Failed to fetch bookings'.
 */
function BookingNotFound({ reason }: { reason: 'Booking not found' | 'Failed to fetch bookings' }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Booking Not Found</h1>
      <p className="mt-2 text-slate-600">We couldn&apos;t find the booking you&apos;re looking for.</p>
      <p role="status" className="mt-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm font-medium text-slate-700">
        {reason}
      </p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">Return to Dashboard</Link>
      </Button>
    </div>
  );
}

/** Issue 33: the heading, its icon and what to say under it, for each kind of booking (confirmation-rules.ts). */
const HEADLINES: Record<ConfirmationKind, { title: string; icon: LucideIcon; tone: 'success' | 'info' | 'muted' }> = {
  confirmed: { title: 'Booking Confirmed!', icon: CircleCheck, tone: 'success' },
  updated: { title: 'Booking Updated', icon: CalendarClock, tone: 'info' },
  started: { title: 'Session Under Way', icon: Clock, tone: 'info' },
  attended: { title: 'Session Attended', icon: CircleCheck, tone: 'muted' },
  'no-show': { title: 'Session Missed', icon: UserX, tone: 'muted' },
  cancelled: { title: 'Booking Cancelled', icon: CircleX, tone: 'muted' },
};

const TONE_STYLES = {
  success: 'bg-green-50 text-green-700 ring-8 ring-green-50/60',
  info: 'bg-brand-50 text-brand-700 ring-8 ring-brand-50/60',
  muted: 'bg-slate-100 text-slate-600',
} as const;

function BookingConfirmed({ booking }: { booking: BookingDto }) {
  const reference = bookingReference(booking.id);
  const kind = confirmationKind(booking, useNow());
  const ahead = isAhead(kind);
  const headline = HEADLINES[kind];
  const Icon = headline.icon;

  async function copyReference() {
    if (await copyText(reference)) toast({ title: 'Copied!', description: 'Booking ID copied to clipboard' });
  }

  async function addToCalendar() {
    await downloadCalendarEvent(booking, businessName);
    toast({ title: 'Calendar Event Created', description: 'Open the downloaded file to add this session to your calendar.' });
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div className="flex flex-col items-center text-center">
        <span className={cn('inline-flex size-16 items-center justify-center rounded-full', TONE_STYLES[headline.tone])}>
          <Icon className="size-9" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{headline.title}</h1>
        <div className="mt-3 grid gap-2 text-slate-700">
          <KindText kind={kind} booking={booking} />
          {childLines(booking, kind).map((line) => (
            <p key={line} className="text-sm font-medium text-slate-900">
              {line}
            </p>
          ))}
        </div>
      </div>

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-6 py-4">
          <h2 className="text-lg font-semibold text-slate-900">Booking Details</h2>
          <button
            type="button"
            onClick={() => void copyReference()}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 font-mono text-sm font-semibold text-slate-900 shadow-xs transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            #{reference}
            <Copy className="size-4 text-slate-500" aria-hidden="true" />
            <span className="sr-only">Copy booking reference</span>
          </button>
        </div>
        <CardContent className="pt-6">
          {showsDoorCode(kind) && (
            // Issue 22: the office scans it at the door (or types the reference under it).
            <figure className="mb-6 flex flex-col items-center gap-2 border-b border-slate-100 pb-6">
              <BookingQrCode reference={reference} />
              <figcaption className="text-center text-sm text-slate-600">
                Show this code at the door: <span className="font-mono font-semibold text-slate-900">{reference}</span>
              </figcaption>
            </figure>
          )}
          <BookingSummary session={booking.session} childNames={booking.childNames} layout="card" />
        </CardContent>
      </Card>

      {ahead && (
        <Card>
          <CardContent className="pt-6">
            <h2 className="text-lg font-semibold text-slate-900">What to bring</h2>
            <ul className="mt-3 grid gap-2 text-slate-700 sm:grid-cols-3">
              <li className="flex items-center gap-2">
                <Droplets className="size-4 shrink-0 text-brand-700" aria-hidden="true" />A water bottle
              </li>
              <li className="flex items-center gap-2">
                <Footprints className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                Athletic shoes suitable for basketball
              </li>
              <li className="flex items-center gap-2">
                <Shirt className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                Comfortable athletic clothing
              </li>
            </ul>
          </CardContent>
        </Card>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="outline" size="lg">
          <Link to="/dashboard">Return to Dashboard</Link>
        </Button>
        {ahead && (
          <Button size="lg" onClick={() => void addToCalendar()}>
            <CalendarPlus aria-hidden="true" />
            Add to Calendar
          </Button>
        )}
      </div>

      {ahead && (
        <p className="text-center text-sm text-slate-600">
          Need to make a change? Bookings can be cancelled or rescheduled from your dashboard.
        </p>
      )}
    </div>
  );
}

/** What is true of the booking now, under its heading. */
function KindText({ kind, booking }: { kind: ConfirmationKind; booking: BookingDto }) {
  const day = formatLongDate(booking.session.startsAt);
  switch (kind) {
    case 'confirmed':
    case 'updated':
      return (
        <>
          {kind === 'updated' && (
            <p className="font-medium text-slate-900">
              This booking changed after it was made. The details below are the current ones, and we emailed you about the change.
            </p>
          )}
          <p className="flex items-center justify-center gap-2 font-medium text-slate-900">
            <Smartphone className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            Take a screenshot of this screen and show it at the door when you arrive.
          </p>
          {kind === 'confirmed' && (
            <p className="flex items-center justify-center gap-2 text-sm">
              <Mail className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              A confirmation email will arrive in your inbox shortly.
            </p>
          )}
        </>
      );
    case 'started':
      return <p className="font-medium text-slate-900">{`This session started at ${formatTime(booking.session.startsAt)}. Show the code below at the door to be checked in.`}</p>;
    case 'attended':
      return <p>{`This session took place on ${day}.`}</p>;
    case 'no-show':
      return <p>{`This session took place on ${day}, and nobody on this booking was checked in at the door: it counts as a no-show.`}</p>;
    case 'cancelled':
      return <p>This booking has been cancelled and no longer holds a spot.</p>;
  }
}
