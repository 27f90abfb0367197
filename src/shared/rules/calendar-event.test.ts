import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { BookingDto } from '../schemas/bookings';
import { calendarEventForBooking, calendarFileName } from './calendar-event';

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
  status: 'CONFIRMED',
  createdAt: '2026-10-30T12:00:00.000Z',
  user: { firstName: 'Priya', lastName: 'Patel', email: 'parent@example.com' },
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
});
