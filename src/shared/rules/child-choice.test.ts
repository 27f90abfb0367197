import { describe, expect, it } from 'vitest';
import { childChoices, creditsSentence, ineligibleReasons, noChildBookableReason, usesMakeupCredit, weekWordOf } from './child-choice';
import { USES_MAKEUP_CREDIT } from './makeup-credits';
import { torontoTime } from './week';

const family = [{ name: 'Ava' }, { name: 'Leo' }, { name: 'Mia' }];
const week = [
  { name: 'Ava', used: 1, limit: 2, remaining: 1 },
  { name: 'Leo', used: 1, limit: 1, remaining: 0 },
  { name: 'Mia', used: 0, limit: 3, remaining: 3 },
];

describe('the booking dialog’s children (issue 20)', () => {
  it('tells each child’s sessions left, and disables one already booked here or at the weekly limit, saying why', () => {
    expect(childChoices(family, { bookedHere: ['mia'], week, weekWord: 'next week' })).toEqual([
      { name: 'Ava', bookable: true, reason: null, left: '1 of 2 left next week' },
      { name: 'Leo', bookable: false, reason: 'Weekly limit reached (1 of 1)', left: '0 of 1 left next week' },
      { name: 'Mia', bookable: false, reason: 'Already booked', left: '3 of 3 left next week' },
    ]);
  });

  it('lets every child be chosen while the week’s use is still loading (the server decides)', () => {
    expect(childChoices(family, { bookedHere: [], week: undefined, weekWord: 'this week' }).every((c) => c.bookable && c.left === null)).toBe(true);
  });

  it('explains, naming each child, when none can be booked', () => {
    const choices = childChoices(family.slice(0, 2), { bookedHere: ['Ava'], week, weekWord: 'this week' });
    expect(noChildBookableReason(choices)).toBe(
      'None of your children can be booked into this session. Ava is already booked; Leo: weekly limit reached (1 of 1).',
    );
    expect(noChildBookableReason(childChoices(family, { bookedHere: [], week, weekWord: 'this week' }))).toBeNull();
    expect(noChildBookableReason([])).toBeNull();
  });

  it('marks a child already waiting for the session with their place in line (issue 21)', () => {
    const waitingHere = [{ name: 'leo', position: 2 }];
    // Full: the waitlist's dialog does not offer Leo again.
    const choices = childChoices(family, { bookedHere: ['Ava'], waitingHere, week: undefined, weekWord: 'next week', forWaitlist: true });
    expect(choices.map((c) => [c.name, c.bookable, c.reason])).toEqual([
      ['Ava', false, 'Already booked'],
      ['Leo', false, 'On the waitlist (#2)'],
      ['Mia', true, null],
    ]);
    // With a spot free, Leo can be booked directly (the server takes him off the entry), and is told he waits.
    expect(childChoices(family, { bookedHere: [], waitingHere, week: undefined, weekWord: 'next week' })[1]).toEqual({
      name: 'Leo',
      bookable: true,
      reason: 'On the waitlist (#2)',
      left: null,
    });
    expect(noChildBookableReason(choices.slice(0, 2))).toBe(
      'None of your children can be booked into this session. Ava is already booked; Leo is already on the waitlist.',
    );
  });

  it('lets a child at the weekly limit wait for a full session (skipped while at the limit), never one booked or waiting there', () => {
    const choices = childChoices(family, { bookedHere: ['Mia'], waitingHere: [], week, weekWord: 'next week', forWaitlist: true });
    expect(choices).toEqual([
      { name: 'Ava', bookable: true, reason: null, left: '1 of 2 left next week' },
      { name: 'Leo', bookable: true, reason: null, left: '0 of 1 left next week' },
      { name: 'Mia', bookable: false, reason: 'Already booked', left: '3 of 3 left next week' },
    ]);
  });

  it('names the Toronto week of the session, whatever the machine’s zone, across the DST change', () => {
    // Sunday 2026-11-01 01:30 (the clocks go back at 02:00) is in the week of Monday Oct 26.
    const now = torontoTime(2026, 10, 27, 9);
    expect(weekWordOf(torontoTime(2026, 11, 1, 23, 30), now)).toBe('this week');
    expect(weekWordOf(torontoTime(2026, 11, 2, 0, 0), now)).toBe('next week');
  });

  describe('eligibility (issue 22): the recorded date of birth and sex against the session’s class', () => {
    const girlsOnly = { name: 'Girls Power', minAge: 8, maxAge: 12, girlsOnly: true };
    // Friday 2026-11-20 at 23:30 Toronto is already Saturday in UTC: the age is taken on the Toronto date.
    const startsAt = torontoTime(2026, 11, 20, 23, 30);
    const kids = [
      { name: 'Ava', birthDate: '2016-05-04', sex: 'F' as const },
      { name: 'Leo', birthDate: null, sex: 'M' as const },
      { name: 'Mia', birthDate: '2018-11-21', sex: 'F' as const },
      { name: 'Zoe', birthDate: null, sex: null },
    ];

    it('greys out a boy for a girls-only class and a child outside the ages, in the server’s words; unknowns stay bookable', () => {
      const choices = childChoices(kids, { bookedHere: [], week, weekWord: 'this week', session: { classType: girlsOnly, startsAt } });
      expect(choices).toEqual([
        { name: 'Ava', bookable: true, reason: null, left: '1 of 2 left this week' },
        { name: 'Leo', bookable: false, reason: "Leo can't book Girls Power: it is for girls only", left: '0 of 1 left this week', ineligible: true },
        // Mia turns 8 on Saturday the 21st: on the session's Toronto date (the 20th) she is 7.
        { name: 'Mia', bookable: false, reason: "Mia can't book Girls Power: it is for ages 8-12, and Mia is 7 on that day", left: '3 of 3 left this week', ineligible: true },
        { name: 'Zoe', bookable: true, reason: null, left: null },
      ]);
      // The next day's session: Mia is 8.
      const saturday = childChoices(kids, { bookedHere: [], week: undefined, weekWord: 'this week', session: { classType: girlsOnly, startsAt: torontoTime(2026, 11, 21, 9) } });
      expect(saturday.find((c) => c.name === 'Mia')?.bookable).toBe(true);
    });

    it('refuses the ineligible for the waitlist too, says “Already booked” first, and names each when none can be booked', () => {
      const choices = childChoices(kids.slice(0, 3), {
        bookedHere: ['Ava'],
        week: undefined,
        weekWord: 'next week',
        forWaitlist: true,
        session: { classType: girlsOnly, startsAt },
      });
      expect(choices.map((c) => [c.name, c.bookable, c.reason])).toEqual([
        ['Ava', false, 'Already booked'],
        ['Leo', false, "Leo can't book Girls Power: it is for girls only"],
        ['Mia', false, "Mia can't book Girls Power: it is for ages 8-12, and Mia is 7 on that day"],
      ]);
      expect(noChildBookableReason(choices)).toBe(
        "None of your children can be booked into this session. Ava is already booked; Leo can't book Girls Power: it is for girls only; Mia can't book Girls Power: it is for ages 8-12, and Mia is 7 on that day.",
      );
    });

    it('tells why a booking’s children cannot move to a session of a class (the reschedule’s choice)', () => {
      expect(ineligibleReasons(kids, ['ava', 'Leo'], { classType: girlsOnly, startsAt })).toEqual(["Leo can't book Girls Power: it is for girls only"]);
      expect(ineligibleReasons(kids, ['Ava', 'Zoe', 'Someone'], { classType: girlsOnly, startsAt })).toEqual([]);
    });

    it('refuses nothing for a class open to all, or without the session', () => {
      const open = { name: 'Speed', minAge: null, maxAge: null, girlsOnly: false };
      expect(childChoices(kids, { bookedHere: [], week: undefined, weekWord: 'this week', session: { classType: open, startsAt } }).every((c) => c.bookable)).toBe(true);
      expect(childChoices(kids, { bookedHere: [], week: undefined, weekWord: 'this week' }).every((c) => c.bookable)).toBe(true);
    });
  });

  describe('make-up credits (issue 32): a child at the weekly limit with a credit for the session', () => {
    const open = { name: 'Speed', minAge: null, maxAge: null, girlsOnly: false };
    const startsAt = torontoTime(2026, 12, 2, 17);
    const session = { classType: open, startsAt };
    const leoWith = (makeupCreditExpiries: string[]) => [{ name: 'Leo', used: 1, limit: 1, remaining: 0, makeupCreditExpiries }];
    const leo = (makeupCreditExpiries: string[], options: { forWaitlist?: boolean } = {}) =>
      childChoices([{ name: 'Leo' }], { bookedHere: [], week: leoWith(makeupCreditExpiries), weekWord: 'next week', session, ...options })[0];

    it('can be booked, and says the booking uses a make-up credit', () => {
      const later = torontoTime(2026, 12, 31, 0).toISOString();
      expect(leo([later])).toEqual({ name: 'Leo', bookable: true, reason: null, left: 'Weekly limit reached — uses a make-up credit', usesCredit: true });
      expect(leo([later])?.left).toContain(USES_MAKEUP_CREDIT);
      // A credit that ended earlier does not hide one that still covers the session.
      expect(leo([torontoTime(2026, 11, 30, 0).toISOString(), later])?.usesCredit).toBe(true);
    });

    it('stays at the weekly limit with no credit, or with credits ending before the session or exactly at its start', () => {
      const limit = { name: 'Leo', bookable: false, reason: 'Weekly limit reached (1 of 1)', left: '0 of 1 left next week' };
      expect(leo([])).toEqual(limit);
      expect(leo([torontoTime(2026, 12, 1, 0).toISOString()])).toEqual(limit);
      expect(leo([startsAt.toISOString()])).toEqual(limit);
      // Without the session's start the dialog cannot tell, and says the limit (the server decides).
      expect(childChoices([{ name: 'Leo' }], { bookedHere: [], week: leoWith([torontoTime(2026, 12, 31, 0).toISOString()]), weekWord: 'next week' })[0]).toEqual(limit);
    });

    it('never uses a credit for the waitlist, nor for a child with sessions left', () => {
      const later = torontoTime(2026, 12, 31, 0).toISOString();
      expect(leo([later], { forWaitlist: true })).toEqual({ name: 'Leo', bookable: true, reason: null, left: '0 of 1 left next week' });
      expect(usesMakeupCredit({ name: 'Ava', used: 1, limit: 2, remaining: 1, makeupCreditExpiries: [later] }, startsAt)).toBe(false);
      expect(usesMakeupCredit({ name: 'Ava', used: 2, limit: 2, remaining: 0, makeupCreditExpiries: [later] }, startsAt)).toBe(true);
    });

    it('says whose booking uses a credit', () => {
      expect(creditsSentence(['Ava'])).toBe("Ava's booking uses a make-up credit.");
      expect(creditsSentence(['Ava', 'Leo'])).toBe('Ava and Leo each use a make-up credit.');
    });
  });
});
