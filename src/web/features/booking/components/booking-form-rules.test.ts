import { describe, expect, it } from 'vitest';
import type { ChildChoice } from '../../../../shared/rules/child-choice';
import {
  agesLabel,
  alreadyWaitingSentence,
  availabilityLabel,
  bookingChoice,
  submitLabel,
  submitStep,
  summaryLines,
  toggledChildren,
  waitingLabel,
} from './booking-form-rules';

const child = (name: string, over: Partial<ChildChoice> = {}): ChildChoice => ({ name, bookable: true, reason: null, left: null, ...over }) as ChildChoice;
const base = { gone: false, waitlistOpen: true, online: true, noneBookable: null };

describe('the booking dialog: the choice of children', () => {
  it('books when there are spots for every child ticked', () => {
    const choice = bookingChoice({ ...base, choices: [child('Ava'), child('Leo')], selected: ['Ava', 'Leo'], availableSpots: 2 });
    expect(choice).toEqual({ picked: ['Ava', 'Leo'], joining: false, waitingPicked: [], canSubmit: true, tooFewSpots: false, waitlistClosed: false, creditPicked: [] });
  });

  it('names the children a booking takes past their weekly limit on a make-up credit, never for the waitlist (issue 32)', () => {
    const choices = [child('Ava'), child('Leo', { left: 'Weekly limit reached — uses a make-up credit', usesCredit: true })];
    expect(bookingChoice({ ...base, choices, selected: ['Ava', 'Leo'], availableSpots: 2 })).toMatchObject({ creditPicked: ['Leo'], canSubmit: true });
    expect(bookingChoice({ ...base, choices, selected: ['Ava', 'Leo'], availableSpots: 1 })).toMatchObject({ joining: true, creditPicked: [] });
  });

  it('reads as disabled with no child ticked, and offline', () => {
    expect(bookingChoice({ ...base, choices: [child('Ava')], selected: [], availableSpots: 3 }).canSubmit).toBe(false);
    expect(bookingChoice({ ...base, online: false, choices: [child('Ava')], selected: ['Ava'], availableSpots: 3 }).canSubmit).toBe(false);
  });

  it('leaves out a ticked child found unbookable', () => {
    const choices = [child('Ava'), child('Leo', { bookable: false, reason: 'Weekly limit reached (1 of 1)' })];
    expect(bookingChoice({ ...base, choices, selected: ['Ava', 'Leo'], availableSpots: 3 }).picked).toEqual(['Ava']);
  });

  it('joins the waitlist with more children than spots, and says there are too few spots', () => {
    const choice = bookingChoice({ ...base, choices: [child('Ava'), child('Leo')], selected: ['Ava', 'Leo'], availableSpots: 1 });
    expect(choice).toMatchObject({ joining: true, tooFewSpots: true, canSubmit: true, waitlistClosed: false });
  });

  it('joins the waitlist of a full session, but not with a child already waiting, and not once it has closed', () => {
    const waiting = child('Leo', { reason: 'On the waitlist (#2)' });
    expect(bookingChoice({ ...base, choices: [child('Ava')], selected: ['Ava'], availableSpots: 0 })).toMatchObject({ joining: true, tooFewSpots: false, canSubmit: true });
    expect(bookingChoice({ ...base, choices: [waiting], selected: ['Leo'], availableSpots: 0 })).toMatchObject({ waitingPicked: ['Leo'], canSubmit: false });
    expect(bookingChoice({ ...base, waitlistOpen: false, choices: [child('Ava')], selected: ['Ava'], availableSpots: 0 })).toMatchObject({
      waitlistClosed: true,
      canSubmit: false,
    });
  });

  it('never joins the waitlist of a session no longer listed', () => {
    const choice = bookingChoice({ ...base, gone: true, choices: [child('Ava')], selected: ['Ava'], availableSpots: 0 });
    expect(choice).toMatchObject({ joining: false, canSubmit: false, waitlistClosed: false });
  });

  it('offers nothing when no child can be booked', () => {
    expect(bookingChoice({ ...base, noneBookable: 'All booked', choices: [child('Ava')], selected: ['Ava'], availableSpots: 3 }).canSubmit).toBe(false);
  });

  it("keeps the account's order of the children whatever order they are ticked in", () => {
    const children = [{ name: 'Ava' }, { name: 'Leo' }, { name: 'Mia' }];
    expect(toggledChildren(children, ['Mia'], 'Ava', true)).toEqual(['Ava', 'Mia']);
    expect(toggledChildren(children, ['Ava', 'Mia'], 'Ava', false)).toEqual(['Mia']);
  });
});

describe('the booking dialog: its lines', () => {
  it('words the ages, the availability and the waitlist', () => {
    expect(agesLabel({ minAge: 8, maxAge: 14, girlsOnly: false })).toBe('Ages: 8-14');
    expect(agesLabel({ minAge: 8, maxAge: null, girlsOnly: true })).toBe('Ages: 8- (Girls Only)');
    expect(agesLabel({ minAge: null, maxAge: null, girlsOnly: true })).toBeNull();
    expect([availabilityLabel(null), availabilityLabel(0), availabilityLabel(1), availabilityLabel(4)]).toEqual([
      'No longer available',
      'Full',
      '1 spot left',
      '4 spots left',
    ]);
    expect([waitingLabel(1), waitingLabel(3)]).toEqual(['1 child waiting', '3 children waiting']);
  });
});

describe('the booking dialog: the submit button', () => {
  const ready = { busy: false, picked: 2, valid: true, canSubmit: true, joining: false };

  it('books, or joins the waitlist, when the choice is valid', () => {
    expect(submitStep(ready)).toBe('book');
    expect(submitStep({ ...ready, joining: true })).toBe('join');
  });

  it('explains an empty choice, and sends nothing while busy or not valid', () => {
    expect(submitStep({ ...ready, picked: 0, canSubmit: false })).toBe('no-children');
    expect(submitStep({ ...ready, picked: 0, busy: true })).toBe('none');
    expect(submitStep({ ...ready, busy: true })).toBe('none');
    expect(submitStep({ ...ready, canSubmit: false })).toBe('none');
    expect(submitStep({ ...ready, valid: false })).toBe('none');
  });

  it('names what the button does, and what it is doing', () => {
    expect(submitLabel(false, false)).toBe('Book Session');
    expect(submitLabel(false, true)).toBe('Booking...');
    expect(submitLabel(true, false)).toBe('Join Waitlist');
    expect(submitLabel(true, true)).toBe('Joining...');
  });
});

describe('the booking dialog: the summary and notes', () => {
  it('shows the spots, and the children waiting only for a listed session anyone waits for', () => {
    expect(summaryLines(3, 0)).toEqual({ availability: '3 spots left', waiting: null });
    expect(summaryLines(0, 1)).toEqual({ availability: 'Full', waiting: '1 child waiting' });
    expect(summaryLines(null, 4)).toEqual({ availability: 'No longer available', waiting: null });
  });

  it('says who already waits', () => {
    expect(alreadyWaitingSentence('Ava', 1)).toBe('Ava is already on the waitlist for this session.');
    expect(alreadyWaitingSentence('Ava and Leo', 2)).toBe('Ava and Leo are already on the waitlist for this session.');
  });
});
