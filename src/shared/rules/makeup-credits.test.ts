import { describe, expect, it } from 'vitest';
import { creditCovers, creditFor, creditLastDay, makeupCreditCount, needsCredit } from './makeup-credits';

describe('make-up credits (issue 32)', () => {
  const start = '2026-11-24T22:00:00.000Z';

  it('a credit covers a session starting before its end, not one starting at or after it', () => {
    expect(creditCovers('2026-11-24T22:00:00.001Z', start)).toBe(true);
    expect(creditCovers(start, start)).toBe(false);
    expect(creditCovers('2026-11-24T21:59:59.999Z', start)).toBe(false);
  });

  it('a booking at the limit uses the earliest-ending credit that covers the session, or none', () => {
    expect(creditFor(['2026-12-19T05:00:00.000Z', '2026-11-30T05:00:00.000Z', '2026-11-20T05:00:00.000Z'], start)).toBe('2026-11-30T05:00:00.000Z');
    expect(creditFor(['2026-11-20T05:00:00.000Z', start], start)).toBeNull();
    expect(creditFor([], start)).toBeNull();
  });

  it('needs a credit once the week already holds the limit', () => {
    expect(needsCredit({ used: 1, limit: 2 })).toBe(false);
    expect(needsCredit({ used: 2, limit: 2 })).toBe(true);
    expect(needsCredit({ used: 3, limit: 2 })).toBe(true);
  });

  it('says the last Toronto day a credit can be used on, with the year only when it is not this year', () => {
    // Ends at Toronto midnight starting Dec 19 (05:00 UTC): its last day is Dec 18, whatever the machine's zone.
    expect(creditLastDay('2026-12-19T05:00:00.000Z', new Date('2026-11-18T17:00:00Z'))).toBe('Dec 18');
    // Across the November clock change: midnight EST of Nov 2 is 05:00 UTC, the last day Nov 1.
    expect(creditLastDay('2026-11-02T05:00:00.000Z', new Date('2026-10-15T12:00:00Z'))).toBe('Nov 1');
    expect(creditLastDay('2027-01-10T05:00:00.000Z', new Date('2026-12-20T17:00:00Z'))).toBe('Jan 9, 2027');
  });

  it('counts credits in words', () => {
    expect(makeupCreditCount(1)).toBe('1 make-up credit');
    expect(makeupCreditCount(2)).toBe('2 make-up credits');
  });
});
