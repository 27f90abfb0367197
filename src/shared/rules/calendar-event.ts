import { createEvent } from 'ics';
import { bookingReference } from '../product';
import type { BookingDto } from '../schemas/bookings';

export interface BookingEventInput {
  bookingId: string;
  className: string;
  startsAt: string | Date;
  endsAt: string | Date;
  location: string;
  childNames: string[];
  businessName: string;
}

/**
 * One iCalendar event for a booking (made with the `ics` library). Times are written in UTC, so the
 * event lands at the right Toronto time in any calendar, whatever zone the file was made in.
 */
export function bookingCalendarEvent(input: BookingEventInput): string {
  const reference = bookingReference(input.bookingId);
  const kids = input.childNames.length ? `Children: ${input.childNames.join(', ')}\n` : '';
  const { error, value } = createEvent({
    productId: 'northbound-portal/ics',
    uid: `${input.bookingId}@northbound-portal`,
    start: new Date(input.startsAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(input.endsAt).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.className,
    description: `${input.className} at ${input.businessName}\n${kids}Booking reference: #${reference}\nBring a water bottle, athletic shoes and comfortable athletic clothing.`,
    location: input.location,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw new Error(`Could not create the calendar event: ${error?.message ?? 'unknown error'}`);
  return value;
}

/** The .ics file name of a booking: booking-NB-XXXXXXXX.ics (the e-mail attachment and the download). */
export const calendarFileName = (bookingId: string) => `booking-${bookingReference(bookingId)}.ics`;

/** The calendar event of a booking as the API returns it. */
export function calendarEventForBooking(booking: BookingDto, businessName: string): string {
  return bookingCalendarEvent({
    bookingId: booking.id,
    className: booking.session.classType.name,
    startsAt: booking.session.startsAt,
    endsAt: booking.session.endsAt,
    location: booking.session.location,
    childNames: booking.childNames,
    businessName,
  });
}
