import { describe, expect, it } from 'vitest';
import { adminSessionStatus, bookedPercent, bookingBarTone, reservationBadge, reservationStatusLabel } from './session-status';

describe('admin session status (spec 4)', () => {
  it("is 'Full' with no spots left, 'Nearly Full' above 80%, otherwise 'Available'", () => {
    expect(adminSessionStatus({ capacity: 10, bookedCount: 10 })).toBe('Full');
    expect(adminSessionStatus({ capacity: 10, bookedCount: 9 })).toBe('Nearly Full');
    expect(adminSessionStatus({ capacity: 10, bookedCount: 8 })).toBe('Available'); // exactly 80% is not above
    expect(adminSessionStatus({ capacity: 50, bookedCount: 41 })).toBe('Nearly Full');
    expect(adminSessionStatus({ capacity: 50, bookedCount: 0 })).toBe('Available');
  });

  it("says 'Cancelled' for a cancelled session, whatever its numbers", () => {
    expect(adminSessionStatus({ capacity: 10, bookedCount: 0, status: 'CANCELLED' })).toBe('Cancelled');
  });

  it('colours the bookings bar red at 100% and yellow above 80%', () => {
    expect(bookingBarTone({ capacity: 6, bookedCount: 6 })).toBe('danger');
    expect(bookingBarTone({ capacity: 6, bookedCount: 5 })).toBe('warning');
    expect(bookingBarTone({ capacity: 5, bookedCount: 4 })).toBe('normal');
    expect(bookedPercent({ capacity: 3, bookedCount: 2 })).toBe(67);
  });
});

describe('reservation badges (spec 4 and 9)', () => {
  it('0 Empty, under 5 Low, under 15 Medium, else High', () => {
    expect([0, 1, 4, 5, 14, 15, 90].map(reservationBadge)).toEqual(['Empty', 'Low', 'Low', 'Medium', 'Medium', 'High', 'High']);
  });

  it("shows any status other than CONFIRMED as 'pending'", () => {
    expect(reservationStatusLabel('CONFIRMED')).toBe('confirmed');
    expect(reservationStatusLabel('CANCELLED')).toBe('pending');
  });
});
