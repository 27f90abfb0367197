import { describe, expect, it } from 'vitest';
import { DEFAULT_WAITLIST_CUTOFF_HOURS } from '../schemas/waitlist';
import {
  bookingActionFor,
  heldBackSentence,
  isWaitlistOpen,
  joinedDescription,
  namesInWords,
  onTheWaitlist,
  ordinal,
  placeInLine,
  waitingChildren,
  waitlistBadge,
  waitlistPositionsBySession,
} from './waitlist';
import { torontoTime } from './week';

describe('Book or Join Waitlist (issue 21)', () => {
  it('books while the session has a spot for every child chosen', () => {
    expect(bookingActionFor({ chosen: 1, availableSpots: 1 })).toBe('book');
    expect(bookingActionFor({ chosen: 2, availableSpots: 5 })).toBe('book');
    expect(bookingActionFor({ chosen: 0, availableSpots: 3 })).toBe('book');
  });

  it('joins the waitlist when no spot is left, or fewer than the children chosen', () => {
    expect(bookingActionFor({ chosen: 1, availableSpots: 0 })).toBe('waitlist');
    expect(bookingActionFor({ chosen: 0, availableSpots: 0 })).toBe('waitlist');
    expect(bookingActionFor({ chosen: 2, availableSpots: 1 })).toBe('waitlist');
    // An overbooked session (capacity lowered below the bookings) reads as full.
    expect(bookingActionFor({ chosen: 1, availableSpots: -2 })).toBe('waitlist');
  });
});

describe('the waitlist closes WAITLIST_CUTOFF_HOURS before the start', () => {
  const start = torontoTime(2026, 11, 25, 18, 0);
  it('is open until the cut-off, closed from it on', () => {
    expect(isWaitlistOpen(start, start.getTime() - 2 * 3_600_000 - 1, 2)).toBe(true);
    expect(isWaitlistOpen(start, start.getTime() - 2 * 3_600_000, 2)).toBe(false);
    expect(isWaitlistOpen(start.toISOString(), start.getTime() + 60_000, 2)).toBe(false);
    expect(isWaitlistOpen(start, start.getTime() - 30 * 60_000, 0)).toBe(true);
  });

  it('counts real hours across the DST change (the clocks go back at 02:00 on Sunday Nov 1, 2026)', () => {
    // 00:59 EDT to 03:00 EST is 3 hours 1 minute of real time (4 wall-clock hours minus the hour repeated).
    const sunday = torontoTime(2026, 11, 1, 3, 0);
    expect(isWaitlistOpen(sunday, torontoTime(2026, 11, 1, 0, 59), DEFAULT_WAITLIST_CUTOFF_HOURS)).toBe(true);
    expect(isWaitlistOpen(sunday, new Date(sunday.getTime() - 2 * 3_600_000), DEFAULT_WAITLIST_CUTOFF_HOURS)).toBe(false);
  });

  it('uses the default of the contract (2 hours)', () => {
    expect(DEFAULT_WAITLIST_CUTOFF_HOURS).toBe(2);
  });
});

describe('a place in line in words', () => {
  it('says 1st, 2nd, 3rd, 4th and the teens right', () => {
    expect([1, 2, 3, 4, 5, 10].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '5th', '10th']);
    expect([11, 12, 13, 14].map(ordinal)).toEqual(['11th', '12th', '13th', '14th']);
    expect([21, 22, 23, 24, 101, 111, 112, 113, 122].map(ordinal)).toEqual(['21st', '22nd', '23rd', '24th', '101st', '111th', '112th', '113th', '122nd']);
  });

  it('reads as the dashboard, the dialog and the card show it', () => {
    expect(placeInLine(1)).toBe('1st in line');
    expect(placeInLine(2)).toBe('2nd in line');
    expect(onTheWaitlist(3)).toBe('On the waitlist (#3)');
    expect(onTheWaitlist(null)).toBe('On the waitlist');
    expect(waitlistBadge(1)).toBe('Waitlist #1');
  });
});

describe('why a waiting child is skipped (heldBack)', () => {
  it('names the child, the week’s use and what frees the entry', () => {
    expect(heldBackSentence({ name: 'Maya', used: 2, limit: 2 })).toBe(
      'Maya already has 2 of 2 sessions that week, so this entry is skipped until one of them is cancelled (it keeps its place in line).',
    );
    expect(heldBackSentence({ name: 'Leo', used: 1, limit: 1 })).toBe(
      'Leo already has 1 of 1 session that week, so this entry is skipped until it is cancelled (it keeps its place in line).',
    );
    // A limit lowered below the week's bookings.
    expect(heldBackSentence({ name: 'Ava', used: 3, limit: 2 })).toContain('Ava already has 3 of 2 sessions that week');
  });
});

describe('the family’s entries', () => {
  const entries = [
    { sessionId: 's1', childNames: ['Ava'], status: 'WAITING', position: 3 },
    { sessionId: 's1', childNames: ['Leo'], status: 'WAITING', position: 5 },
    { sessionId: 's2', childNames: ['Ava', 'Leo'], status: 'WAITING', position: 1 },
    { sessionId: 's3', childNames: ['Ava'], status: 'LEFT', position: null },
    { sessionId: 's4', childNames: ['Ava'], status: 'PROMOTED', position: null },
  ];

  it('marks each session with the family’s first place in line, only while waiting', () => {
    expect([...waitlistPositionsBySession(entries)]).toEqual([
      ['s1', 3],
      ['s2', 1],
    ]);
    expect(waitlistPositionsBySession([]).size).toBe(0);
  });

  it('lists each child waiting for a session with their entry’s place', () => {
    expect(waitingChildren(entries, 's1')).toEqual([
      { name: 'Ava', position: 3 },
      { name: 'Leo', position: 5 },
    ]);
    expect(waitingChildren(entries, 's3')).toEqual([]);
  });

  it('words the names and the toast after joining', () => {
    expect(namesInWords([])).toBe('');
    expect(namesInWords(['Ava'])).toBe('Ava');
    expect(namesInWords(['Ava', 'Leo'])).toBe('Ava and Leo');
    expect(namesInWords(['Ava', 'Leo', 'Mia'])).toBe('Ava, Leo and Mia');
    expect(joinedDescription({ childNames: ['Ava'], position: 1 })).toBe("Ava is 1st in line. We'll book automatically if a spot opens and email you.");
    expect(joinedDescription({ childNames: ['Ava', 'Leo'], position: 2 })).toBe("Ava and Leo are 2nd in line. We'll book automatically if a spot opens and email you.");
  });
});
