import { describe, expect, it } from 'vitest';
import { childList, heldBackNote, joinedLabel, sessionWeekPhrase } from './waitlist-format';

// Wednesday, November 25 2026, noon in Toronto (17:00 UTC).
const now = new Date('2026-11-25T17:00:00.000Z');
const thisSunday = '2026-11-30T00:30:00.000Z'; // Sunday 7:30 PM Toronto, the same Monday-to-Sunday week
const nextMonday = '2026-11-30T14:00:00.000Z'; // Monday 9:00 AM Toronto

describe('waitlist formatting', () => {
  it('says this week for a session of the current Toronto week, that week otherwise', () => {
    expect(sessionWeekPhrase(thisSunday, now)).toBe('this week');
    expect(sessionWeekPhrase(nextMonday, now)).toBe('that week');
  });

  it('names each held-back child with their use of the week, and nothing when none is held back', () => {
    expect(heldBackNote([], thisSunday, now)).toBeNull();
    expect(heldBackNote([{ name: 'Maya', limit: 2, used: 2 }], thisSunday, now)).toBe('Maya: 2 of 2 this week — skipped by automatic promotion');
    expect(
      heldBackNote(
        [
          { name: 'Maya', limit: 2, used: 2 },
          { name: 'Leo', limit: 1, used: 1 },
        ],
        nextMonday,
        now,
      ),
    ).toBe('Maya: 2 of 2 that week; Leo: 1 of 1 that week — skipped by automatic promotion');
  });

  it('shows when the family joined in Toronto time', () => {
    expect(joinedLabel('2026-11-23T21:05:00.000Z')).toBe('Mon, Nov 23 at 4:05 PM');
  });

  it('lists children in words', () => {
    expect(childList(['Mia'])).toBe('Mia');
    expect(childList(['Mia', 'Noah'])).toBe('Mia and Noah');
    expect(childList(['Mia', 'Noah', 'Ava'])).toBe('Mia, Noah and Ava');
  });
});
