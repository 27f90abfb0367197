import { createEvent, createEvents, type EventAttributes } from 'ics';
import { bookingReference } from '../product';
import type { BookingDto } from '../schemas/bookings';

/**
 * iTIP method of a calendar file: PUBLISH adds or updates the event, CANCEL removes it. A calendar
 * matches a later file to the event it holds by UID and keeps the one with the higher SEQUENCE.
 */
export type CalendarMethod = 'PUBLISH' | 'CANCEL';

export interface CalendarRevision {
  /** The event's SEQUENCE: 0 when first sent, raised by one each time its time or place changes or it is cancelled. */
  sequence?: number;
  /** PUBLISH (default) or CANCEL (the event is marked STATUS:CANCELLED). */
  method?: CalendarMethod;
}

export interface BookingEventInput extends CalendarRevision {
  bookingId: string;
  className: string;
  startsAt: string | Date;
  endsAt: string | Date;
  location: string;
  childNames: string[];
  businessName: string;
}

/** The UID of a booking's event: the same in every file sent for that booking, so updates replace it. */
export const calendarEventUid = (bookingId: string) => `${bookingId}@northbound-portal`;

const PRODUCT_ID = 'northbound-portal/ics';

/**
 * The `ics` library's attributes of a booking's event: the one definition of the event that every calendar
 * file holds (an e-mail's attachment, the confirmation's download, the family's calendar feed). Times are
 * written in UTC, so the event lands at the right Toronto time in any calendar, whatever zone made the file.
 */
function bookingEventAttributes(input: BookingEventInput, options: { titleWithChildren?: boolean } = {}): EventAttributes {
  const reference = bookingReference(input.bookingId);
  const kids = input.childNames.length ? `Children: ${input.childNames.join(', ')}\n` : '';
  const method = input.method ?? 'PUBLISH';
  const sequence = input.sequence ?? 0;
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError(`Not a calendar sequence: ${sequence}`);
  const cancelled = method === 'CANCEL';
  return {
    uid: calendarEventUid(input.bookingId),
    sequence,
    start: new Date(input.startsAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(input.endsAt).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: cancelled ? `Cancelled: ${input.className}` : options.titleWithChildren ? feedEventTitle(input) : input.className,
    description: cancelled
      ? `${input.className} at ${input.businessName} has been cancelled.\n${kids}Booking reference: #${reference}`
      : `${input.className} at ${input.businessName}\n${kids}Booking reference: #${reference}\nBring a water bottle, athletic shoes and comfortable athletic clothing.`,
    location: input.location,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: cancelled ? 'FREE' : 'BUSY',
  };
}

/**
 * The title of a booking's event in the family's calendar feed (issue 33): who goes, then the class ('Ava, Leo — Speed &
 * Agility'), so a phone's calendar tells two children's sessions apart. A single file keeps the spec's summary, the
 * class name (spec: 'Add to Calendar'); the same UID and SEQUENCE still make them one event.
 */
const feedEventTitle = (input: Pick<BookingEventInput, 'className' | 'childNames'>): string =>
  input.childNames.length ? `${input.childNames.join(', ')} — ${input.className}` : input.className;

/** One iCalendar file holding the event of one booking (made with the `ics` library). */
export function bookingCalendarEvent(input: BookingEventInput): string {
  const { error, value } = createEvent({ productId: PRODUCT_ID, method: input.method ?? 'PUBLISH', ...bookingEventAttributes(input) });
  if (error || !value) throw new Error(`Could not create the calendar event: ${error?.message ?? 'unknown error'}`);
  return value;
}

/**
 * A calendar of many bookings' events (the family's calendar feed, issue 22): METHOD:PUBLISH, named
 * `calendarName` (X-WR-CALNAME), one VEVENT per booking with the same UID and SEQUENCE as the e-mailed files,
 * so a calendar that holds both sees one event, titled with the children (feedEventTitle). No bookings make an empty, valid calendar.
 */
export function bookingCalendarFeed(inputs: readonly BookingEventInput[], calendarName: string): string {
  const events = inputs.map((input) => bookingEventAttributes({ ...input, method: 'PUBLISH' }, { titleWithChildren: true }));
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, method: 'PUBLISH', calName: calendarName });
  if (error || !value) throw new Error(`Could not create the calendar feed: ${error?.message ?? 'unknown error'}`);
  return value;
}

/** The .ics file name of a booking: booking-NB-XXXXXXXX.ics (the e-mail attachment and the download). */
export const calendarFileName = (bookingId: string) => `booking-${bookingReference(bookingId)}.ics`;

/** The event input of a booking as the API returns it (optionally a later revision of it, or its cancellation). */
export function bookingEventInput(booking: BookingDto, businessName: string, revision: CalendarRevision = {}): BookingEventInput {
  return {
    bookingId: booking.id,
    className: booking.session.classType.name,
    startsAt: booking.session.startsAt,
    endsAt: booking.session.endsAt,
    location: booking.session.location,
    childNames: booking.childNames,
    businessName,
    sequence: booking.calendarSequence,
    ...revision,
  };
}

/** The calendar event of a booking as the API returns it (optionally a later revision of it, or its cancellation). */
export function calendarEventForBooking(booking: BookingDto, businessName: string, revision: CalendarRevision = {}): string {
  return bookingCalendarEvent(bookingEventInput(booking, businessName, revision));
}

/** A booking's event as an e-mail attachment; the content type carries the same method as the file (RFC 6047). */
export function calendarAttachmentForBooking(
  booking: BookingDto,
  businessName: string,
  revision: CalendarRevision = {},
): { filename: string; contentType: string; content: string } {
  return {
    filename: calendarFileName(booking.id),
    contentType: `text/calendar; charset=utf-8; method=${revision.method ?? 'PUBLISH'}`,
    content: calendarEventForBooking(booking, businessName, revision),
  };
}
