import { describe, expect, it } from 'vitest';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { childLines, confirmationKind } from './confirmation-rules';

const now = new Date('2026-11-18T17:00:00Z'); // Wednesday 12:00 Toronto
type States = BookingDto['childStates'];
const of = (startsAt: string, options: { status?: BookingDto['status']; calendarSequence?: number; childStates?: States } = {}) => ({
  status: options.status ?? 'CONFIRMED',
  calendarSequence: options.calendarSequence ?? 0,
  childStates: options.childStates ?? [{ name: 'Ava', state: 'booked' }],
  session: {
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
    location: 'Main Gym',
    classType: { id: 'c', code: 'SPEED', name: 'Speed', description: null },
  },
});

describe('what the confirmation screen says of a booking (issue 33)', () => {
  it('a future booking as made is confirmed; one changed since (SEQUENCE above 0) is updated', () => {
    expect(confirmationKind(of('2026-11-19T23:00:00Z'), now)).toBe('confirmed');
    expect(confirmationKind(of('2026-11-19T23:00:00Z', { calendarSequence: 1 }), now)).toBe('updated');
  });

  it('from its start to its end the session is under way, then attended or a no-show by the check-ins', () => {
    expect(confirmationKind(of('2026-11-18T17:00:00Z'), now)).toBe('confirmed'); // starts this very instant
    expect(confirmationKind(of('2026-11-18T16:59:59Z', { calendarSequence: 3 }), now)).toBe('started');
    expect(confirmationKind(of('2026-11-18T16:00:00Z', { childStates: [{ name: 'Ava', state: 'no-show' }] }), now)).toBe('no-show');
    const attended: States = [
      { name: 'Ava', state: 'no-show' },
      { name: 'Leo', state: 'attended' },
    ];
    expect(confirmationKind(of('2026-11-17T23:00:00Z', { childStates: attended }), now)).toBe('attended');
  });

  it('a cancelled booking is cancelled, past or not', () => {
    expect(confirmationKind(of('2026-11-19T23:00:00Z', { status: 'CANCELLED' }), now)).toBe('cancelled');
    expect(confirmationKind(of('2026-11-10T23:00:00Z', { status: 'CANCELLED' }), now)).toBe('cancelled');
  });

  it('names who was checked in, who was not (once it is over) and who left the booking', () => {
    const states: States = [
      { name: 'Ava', state: 'attended' },
      { name: 'Leo', state: 'no-show' },
      { name: 'Mia', state: 'cancelled' },
    ];
    expect(childLines({ childStates: states }, 'attended')).toEqual([
      'Checked in at the door: Ava.',
      'Not checked in: Leo.',
      'No longer booked: Mia (cancelled).',
    ]);
    // Under way, the others may still arrive.
    expect(childLines({ childStates: states }, 'started')).toEqual(['Checked in at the door: Ava.', 'No longer booked: Mia (cancelled).']);
    expect(childLines({ childStates: [{ name: 'Ava', state: 'booked' }] }, 'confirmed')).toEqual([]);
    expect(childLines({ childStates: [{ name: 'Ava', state: 'late-cancellation' }] }, 'cancelled')).toEqual([]);
  });
});
