import { CalendarClock, CalendarX2, RotateCw, TriangleAlert } from 'lucide-react';
import { Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { bookingReference } from '../../../../shared/product';
import { upcomingBookings } from '../../../../shared/rules/upcoming-bookings';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { BookingSummary } from '../../../components/booking-summary';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { DialogLoadingOverlay } from '../../../components/ui/spinner';
import { apiErrorMessage } from '../../../lib/api';
import { lazyWithPreload } from '../../../lib/lazy';
import { useMyBookings } from '../../../lib/my-bookings';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { useNow } from '../../../lib/use-now';
import type { RenderSessionPicker } from './reschedule-booking-dialog';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';

/** The dialogs load the first time one is asked for (hovering or focusing a button starts the download). */
const CancelBookingDialog = lazyWithPreload(() => import('./cancel-booking-dialog').then((m) => m.CancelBookingDialog));
const RescheduleBookingDialog = lazyWithPreload(() => import('./reschedule-booking-dialog').then((m) => m.RescheduleBookingDialog));

interface UpcomingBookingsProps {
  /** The calendar shown in the reschedule dialog (composed in src/web/app). */
  renderSessionPicker: RenderSessionPicker;
}

type Action = { kind: 'cancel' | 'reschedule'; booking: BookingDto; open: boolean };

const preloadCancel = () => void CancelBookingDialog.preload().catch(() => undefined);
const preloadReschedule = () => void RescheduleBookingDialog.preload().catch(() => undefined);

/** Spec 2, 'My Upcoming Bookings': the first 5 future confirmed bookings, each with Reschedule and Cancel. */
export function UpcomingBookings({ renderSessionPicker }: UpcomingBookingsProps) {
  const bookings = useMyBookings();
  const now = useNow();
  const online = useOnline();
  const [action, setAction] = useState<Action | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const upcoming = upcomingBookings(bookings.data ?? [], now);

  function open(kind: Action['kind'], booking: BookingDto) {
    openerRef.current = focusedElement();
    setAction({ kind, booking, open: true });
  }
  const setOpen = (next: boolean) => setAction((current) => (current ? { ...current, open: next } : null));
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, headingRef.current);

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
      </CardHeader>
      <CardContent>
        {bookings.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading bookings">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : bookings.isError ? (
          <Alert variant="destructive" role="alert">
            <TriangleAlert aria-hidden="true" />
            <div className="grid gap-2">
              <div>
                <AlertTitle>Failed to fetch bookings</AlertTitle>
                <AlertDescription>{apiErrorMessage(bookings.error, 'Your bookings could not be loaded.')}</AlertDescription>
              </div>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void bookings.refetch()}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            </div>
          </Alert>
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
                <li
                  key={booking.id}
                  className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <BookingSummary
                    session={booking.session}
                    childNames={booking.childNames}
                    bookingId={booking.id}
                    layout="inline"
                    className="min-w-0"
                  />
                  <div className="flex shrink-0 gap-2">
                    {/* At the gym door (offline too): the booking's confirmation, to show. */}
                    <Button asChild variant="ghost" size="sm" className="flex-1 sm:flex-none">
                      <Link to={`/booking-confirmation/${booking.id}`}>
                        View<span className="sr-only">{` booking #${bookingReference(booking.id)}`}</span>
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="flex-1 sm:flex-none"
                      onPointerEnter={preloadReschedule}
                      onFocus={preloadReschedule}
                      disabled={!online}
                      onClick={() => open('reschedule', booking)}
                    >
                      Reschedule<span className="sr-only">{` booking #${bookingReference(booking.id)}`}</span>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="flex-1 border-red-200 text-red-700 hover:bg-red-50 hover:text-red-800 sm:flex-none"
                      onPointerEnter={preloadCancel}
                      onFocus={preloadCancel}
                      disabled={!online}
                      onClick={() => open('cancel', booking)}
                    >
                      Cancel<span className="sr-only">{` booking #${bookingReference(booking.id)}`}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>

      {action?.kind === 'cancel' && (
        <Suspense fallback={<DialogLoadingOverlay label="Opening Cancel Booking" />}>
          <CancelBookingDialog booking={action.booking} open={action.open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
        </Suspense>
      )}
      {action?.kind === 'reschedule' && (
        <Suspense fallback={<DialogLoadingOverlay label="Opening Reschedule Booking" />}>
          <RescheduleBookingDialog
            booking={action.booking}
            open={action.open}
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
            renderSessionPicker={renderSessionPicker}
          />
        </Suspense>
      )}
    </Card>
  );
}
