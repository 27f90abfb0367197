import { createEvent } from 'ics';
import { bookingReference } from '../product';

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
