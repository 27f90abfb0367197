import { describe, expect, it } from 'vitest';
import { canSubmitBooking, classAudienceLabel, isFutureBooking, isRescheduleTarget, sessionCardState, spotsLeftLabel, spotsLevel } from './session-card';

const now = new Date('2026-11-19T01:00:00Z'); // Wednesday 20:00 Toronto
const session = (startsAt: string, availableSpots = 5, id = 's1') => ({ id, startsAt, availableSpots });

describe('session card state (spec 4)', () => {
  it('an upcoming session with spots is available and opens the dialog', () => {
    expect(sessionCardState(session('2026-11-19T21:30:00Z'), { booked: false, now })).toEqual({
      booked: false,
      full: false,
      past: false,
      bookable: true,
      opens: true,
      waitlistPosition: null,
    });
  });

  it('a session that started before now is past and cannot be opened', () => {
    const state = sessionCardState(session('2026-11-18T23:00:00Z'), { booked: false, now });
    expect(state.past).toBe(true);
    expect(state.bookable).toBe(false);
    expect(state.opens).toBe(false);
    expect(sessionCardState(session('2026-11-18T23:00:00Z'), { booked: true, now }).opens).toBe(false);
  });

  it('a session starting exactly now is not past yet, but has started: it takes no booking (as the server refuses it)', () => {
    const state = sessionCardState(session(now.toISOString()), { booked: false, now });
    expect(state.past).toBe(false);
    expect(state.bookable).toBe(false);
    expect(sessionCardState(session(new Date(now.getTime() + 1).toISOString()), { booked: false, now }).bookable).toBe(true);
  });

  it('a session with no spots is full: it takes no booking, but opens the dialog to join its waitlist (issue 21)', () => {
    const state = sessionCardState(session('2026-11-20T21:30:00Z', 0), { booked: false, now });
    expect(state.full).toBe(true);
    expect(state.bookable).toBe(false);
    expect(state.opens).toBe(true);
    // Overbooked (the capacity lowered below the bookings) reads as full too.
    expect(sessionCardState(session('2026-11-20T21:30:00Z', -1), { booked: false, now })).toMatchObject({ full: true, bookable: false, opens: true });
  });

  it('a full past session neither opens nor shows a place in its waitlist', () => {
    expect(sessionCardState(session('2026-11-18T23:00:00Z', 0), { booked: false, now, waitlistPosition: 2 })).toMatchObject({
      past: true,
      opens: false,
      waitlistPosition: null,
    });
  });

  it('carries the family’s place in the waitlist of a future session', () => {
    expect(sessionCardState(session('2026-11-20T21:30:00Z', 0), { booked: false, now, waitlistPosition: 1 })).toMatchObject({
      full: true,
      opens: true,
      waitlistPosition: 1,
    });
    expect(sessionCardState(session('2026-11-20T21:30:00Z', 0), { booked: false, now, waitlistPosition: null }).waitlistPosition).toBeNull();
  });

  it('a booked future session opens the dialog, even when full (to manage the booking), but takes no new booking when full', () => {
    expect(sessionCardState(session('2026-11-20T21:30:00Z'), { booked: true, now })).toMatchObject({ booked: true, bookable: true, opens: true });
    expect(sessionCardState(session('2026-11-20T21:30:00Z', 0), { booked: true, now })).toMatchObject({ booked: true, bookable: false, opens: true });
  });
});

describe('reschedule targets (spec 4, booking lifecycle)', () => {
  it('only future sessions with spots, other than the current one', () => {
    expect(isRescheduleTarget(session('2026-11-20T21:30:00Z', 3, 'other'), 'current', now)).toBe(true);
    expect(isRescheduleTarget(session('2026-11-20T21:30:00Z', 3, 'current'), 'current', now)).toBe(false);
    expect(isRescheduleTarget(session('2026-11-20T21:30:00Z', 0, 'other'), 'current', now)).toBe(false);
    expect(isRescheduleTarget(session('2026-11-18T21:30:00Z', 3, 'other'), 'current', now)).toBe(false);
    // A two-child booking needs two spots.
    expect(isRescheduleTarget(session('2026-11-20T21:30:00Z', 1, 'other'), 'current', now, 2)).toBe(false);
    expect(isRescheduleTarget(session('2026-11-20T21:30:00Z', 2, 'other'), 'current', now, 2)).toBe(true);
  });

  it('a booking is future while its session has not started', () => {
    expect(isFutureBooking({ session: { startsAt: '2026-11-19T01:00:01Z' } }, now)).toBe(true);
    expect(isFutureBooking({ session: { startsAt: '2026-11-19T01:00:00Z' } }, now)).toBe(false);
  });
});

describe('Book button rule (spec 5)', () => {
  it('needs at least one child and enough spots for every child selected', () => {
    expect(canSubmitBooking(0, 10)).toBe(false);
    expect(canSubmitBooking(1, 1)).toBe(true);
    expect(canSubmitBooking(2, 1)).toBe(false);
    expect(canSubmitBooking(2, 2)).toBe(true);
    expect(canSubmitBooking(1, 0)).toBe(false);
  });
});

describe('spots and who the class is for, on the card (issue 33)', () => {
  it('Full with no spot left; Nearly full above 80% booked, as the office reads it; else only the spots left', () => {
    expect(spotsLevel({ capacity: 10, availableSpots: 0 })).toBe('full');
    expect(spotsLevel({ capacity: 10, availableSpots: -1 })).toBe('full');
    expect(spotsLevel({ capacity: 10, availableSpots: 1 })).toBe('nearly-full'); // 90%
    expect(spotsLevel({ capacity: 10, availableSpots: 2 })).toBe('open'); // exactly 80% is not above it
    expect(spotsLevel({ capacity: 50, availableSpots: 9 })).toBe('nearly-full'); // 82%
    expect(spotsLevel({ capacity: 50, availableSpots: 10 })).toBe('open');
    expect(spotsLevel({ capacity: 1, availableSpots: 1 })).toBe('open');
    expect(spotsLevel({ capacity: 6, availableSpots: 1 })).toBe('nearly-full'); // 83%
  });

  it('says the spots left in words', () => {
    expect(spotsLeftLabel(1)).toBe('1 spot left');
    expect(spotsLeftLabel(12)).toBe('12 spots left');
  });

  it('names the ages and girls-only of the class type, or nothing for a class open to all', () => {
    expect(classAudienceLabel({ minAge: 8, maxAge: 12, girlsOnly: false })).toBe('Ages 8-12');
    expect(classAudienceLabel({ minAge: 9, maxAge: 15, girlsOnly: true })).toBe('Ages 9-15 · Girls only');
    expect(classAudienceLabel({ minAge: 8, maxAge: null, girlsOnly: false })).toBe('Ages 8 and up');
    expect(classAudienceLabel({ minAge: null, maxAge: 12, girlsOnly: false })).toBe('Ages up to 12');
    expect(classAudienceLabel({ minAge: null, maxAge: null, girlsOnly: true })).toBe('Girls only');
    expect(classAudienceLabel({ minAge: null, maxAge: null, girlsOnly: false })).toBeNull();
  });
});
