import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { BookingDto } from '../schemas/bookings';
import { bookingCalendarFeed, bookingEventInput, calendarAttachmentForBooking, calendarEventForBooking, calendarFileName } from './calendar-event';

// Runs under the machine's zone, UTC and Asia/Tokyo: the event must land at the same instant in each.
const booking: BookingDto = {
  id: '6f1c2a9e-1234-4c1d-9e2f-00aabbccddee',
  reference: 'NB-BBCCDDEE',
  sessionId: 's1',
  session: {
    startsAt: '2026-11-01T22:30:00.000Z', // Sunday 17:30 EST, the day DST ended
    endsAt: '2026-11-01T23:30:00.000Z',
    location: 'Field House',
    classType: { id: 'c1', code: 'SPEED', name: 'Speed & Agility', description: null },
  },
  childNames: ['Ava', 'Leo'],
  childStates: [
    { name: 'Ava', state: 'booked' },
    { name: 'Leo', state: 'booked' },
  ],
  status: 'CONFIRMED',
  calendarSequence: 0,
  createdAt: '2026-10-30T12:00:00.000Z',
  user: { firstName: 'Priya', lastName: 'Patel', email: 'parent@example.com' },
  bookedByGuardian: null,
};

describe('booking calendar event', () => {
  it('is one confirmed VEVENT at the right instant, with class, location and reference', () => {
    const calendar = new ICAL.Component(ICAL.parse(calendarEventForBooking(booking, 'Northbound Athletics')));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-01T22:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-01T23:30:00.000Z');
    expect(event.summary).toBe('Speed & Agility');
    expect(event.location).toBe('Field House');
    expect(event.description).toContain('Booking reference: #NB-BBCCDDEE');
    expect(event.description).toContain('Children: Ava, Leo');
    expect(event.uid).toBe(`${booking.id}@northbound-portal`);
    expect(events[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('is named after the booking reference', () => {
    expect(calendarFileName(booking.id)).toBe('booking-NB-BBCCDDEE.ics');
  });

  it('is published at SEQUENCE 0 when first sent', () => {
    const calendar = new ICAL.Component(ICAL.parse(calendarEventForBooking(booking, 'Northbound Athletics')));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence')).toBe(0);
  });

  it('carries a raised SEQUENCE with the same UID, so a calendar replaces the earlier event', () => {
    const moved = { ...booking, session: { ...booking.session, startsAt: '2026-11-02T23:00:00.000Z', endsAt: '2026-11-03T00:00:00.000Z' } };
    const calendar = new ICAL.Component(ICAL.parse(calendarEventForBooking(moved, 'Northbound Athletics', { sequence: 2 })));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe(`${booking.id}@northbound-portal`);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-02T23:00:00.000Z');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('cancels the event: METHOD:CANCEL, STATUS:CANCELLED, same UID, raised SEQUENCE', () => {
    const text = calendarEventForBooking(booking, 'Northbound Athletics', { method: 'CANCEL', sequence: 1 });
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${booking.id}@northbound-portal`);
    expect(new ICAL.Event(vevent).startDate.toJSDate().toISOString()).toBe('2026-11-01T22:30:00.000Z');
  });

  it('as an email attachment names the same method in its content type', () => {
    const cancel = calendarAttachmentForBooking(booking, 'Northbound Athletics', { method: 'CANCEL', sequence: 3 });
    expect(cancel.filename).toBe('booking-NB-BBCCDDEE.ics');
    expect(cancel.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(cancel.content).toMatch(/^METHOD:CANCEL\r$/m);
    expect(cancel.content).toMatch(/^SEQUENCE:3\r$/m);
    expect(calendarAttachmentForBooking(booking, 'Northbound Athletics').contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  });

  it("takes the booking's own sequence by default (a download after a change matches the emailed event)", () => {
    const moved = new ICAL.Component(ICAL.parse(calendarEventForBooking({ ...booking, calendarSequence: 3 }, 'Northbound Athletics')));
    expect(moved.getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence')).toBe(3);
  });

  it('refuses a negative or fractional sequence', () => {
    expect(() => calendarEventForBooking(booking, 'Northbound Athletics', { sequence: -1 })).toThrow(RangeError);
    expect(() => calendarEventForBooking(booking, 'Northbound Athletics', { sequence: 1.5 })).toThrow(RangeError);
  });
});

describe('booking calendar feed', () => {
  it('holds one published VEVENT per booking, each as its own file has it, under the calendar name', () => {
    const moved = { ...booking, id: '0a0b0c0d-0000-4000-8000-000000000001', calendarSequence: 2, childNames: ['Leo'] };
    const text = bookingCalendarFeed([bookingEventInput(booking, 'Northbound Athletics'), bookingEventInput(moved, 'Northbound Athletics')], 'Northbound Athletics');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Northbound Athletics');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((e) => [e.getFirstPropertyValue('uid'), e.getFirstPropertyValue('sequence'), e.getFirstPropertyValue('status')])).toEqual([
      [`${booking.id}@northbound-portal`, 0, 'CONFIRMED'],
      [`${moved.id}@northbound-portal`, 2, 'CONFIRMED'],
    ]);
    expect(new ICAL.Event(events[0]!).startDate.toJSDate().toISOString()).toBe('2026-11-01T22:30:00.000Z');
    // Named with the children in the feed (issue 33); the booking's own file keeps the spec's summary, the class name.
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual([`${booking.childNames.join(', ')} — Speed & Agility`, 'Leo — Speed & Agility']);
    // Otherwise the same event as the booking's own file (DTSTAMP aside: the moment each file is made).
    const single = new ICAL.Component(ICAL.parse(calendarEventForBooking(booking, 'Northbound Athletics'))).getFirstSubcomponent('vevent')!;
    expect(single.getFirstPropertyValue('summary')).toBe('Speed & Agility');
    const withoutStampAndSummary = (e: ICAL.Component) =>
      e
        .toString()
        .split('\r\n')
        .filter((line) => !line.startsWith('DTSTAMP') && !line.startsWith('SUMMARY'))
        .join('\n');
    expect(withoutStampAndSummary(events[0]!)).toBe(withoutStampAndSummary(single));
  });

  it('is an empty, valid calendar when there is nothing booked', () => {
    const calendar = new ICAL.Component(ICAL.parse(bookingCalendarFeed([], 'Test Athletics')));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Test Athletics');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(0);
  });
});
