import { describe, expect, it } from 'vitest';
import { MAX_WEEK_OFFSET, OFFICE_MAX_WEEK_OFFSET } from '../../../../shared/rules/calendar-weeks';
import { dayContentOf, focusAfterWeekMove, isAnyWeek, isCardSelectable, splitEarlierDays, windowLabel } from './weekly-calendar-rules';

describe('the weekly calendar', () => {
  it("keeps the family in its two-week window and lets the office go to any future week", () => {
    expect([isAnyWeek(MAX_WEEK_OFFSET), windowLabel(MAX_WEEK_OFFSET)]).toEqual([false, 'Two-week booking window']);
    expect([isAnyWeek(OFFICE_MAX_WEEK_OFFSET), windowLabel(OFFICE_MAX_WEEK_OFFSET)]).toEqual([true, 'Any future week']);
  });

  it('moves focus to the other arrow when the pressed one is disabled at a bound', () => {
    expect(focusAfterWeekMove(1, 1, MAX_WEEK_OFFSET)).toBe('previous');
    expect(focusAfterWeekMove(-1, 0, MAX_WEEK_OFFSET)).toBe('next');
    expect(focusAfterWeekMove(1, 1, OFFICE_MAX_WEEK_OFFSET)).toBeNull();
    expect(focusAfterWeekMove(-1, 1, OFFICE_MAX_WEEK_OFFSET)).toBeNull();
  });

  it("opens every future card of the family's calendar, only bookable ones in a picker, and none offline", () => {
    const full = { bookable: false, opens: true };
    const open = { bookable: true, opens: true };
    const past = { bookable: false, opens: false };
    expect(isCardSelectable({ online: true, pickable: undefined, state: full })).toBe(true);
    expect(isCardSelectable({ online: true, pickable: undefined, state: past })).toBe(false);
    expect(isCardSelectable({ online: true, pickable: true, state: full })).toBe(false);
    expect(isCardSelectable({ online: true, pickable: true, state: open })).toBe(true);
    expect(isCardSelectable({ online: true, pickable: false, state: open })).toBe(false);
    expect(isCardSelectable({ online: false, pickable: undefined, state: open })).toBe(false);
  });
});

describe('the weekly calendar: filter and days', () => {
  it('shows placeholders while the week loads, then a day with no session as such, else its cards', () => {
    expect(dayContentOf(true, 0)).toBe('loading');
    expect(dayContentOf(true, 3)).toBe('loading');
    expect(dayContentOf(false, 0)).toBe('empty');
    expect(dayContentOf(false, 2)).toBe('cards');
  });
});

describe('this week’s earlier days (issue 33: a phone folds them)', () => {
  const week = (today: number) => Array.from({ length: 7 }, (_, i) => ({ key: `d${i}`, isToday: i === today }));

  it('are the days before today; today and the rest stay', () => {
    const { earlierDays, laterDays } = splitEarlierDays(week(3));
    expect(earlierDays.map((d) => d.key)).toEqual(['d0', 'd1', 'd2']);
    expect(laterDays.map((d) => d.key)).toEqual(['d3', 'd4', 'd5', 'd6']);
  });

  it('are none on a Monday, or in a week without today', () => {
    expect(splitEarlierDays(week(0)).earlierDays).toEqual([]);
    expect(splitEarlierDays(week(-1))).toEqual({ earlierDays: [], laterDays: week(-1) });
  });
});
