import { canGoToNextWeek, canGoToPreviousWeek, MAX_WEEK_OFFSET } from '../../../../shared/rules/calendar-weeks';

/** The office's calendar goes to any future week; the family's stays in its two-week booking window. */
export const isAnyWeek = (maxWeekOffset: number) => maxWeekOffset > MAX_WEEK_OFFSET;

/** The line under the week's dates. */
export const windowLabel = (maxWeekOffset: number) => (isAnyWeek(maxWeekOffset) ? 'Any future week' : 'Two-week booking window');

/**
 * After a move to week `next`: when the pressed button has become disabled at a bound, focus goes to the other one
 * ('next' or 'previous'); otherwise it stays (null).
 */
export function focusAfterWeekMove(step: -1 | 1, next: number, maxWeekOffset: number): 'next' | 'previous' | null {
  if (step < 0 && !canGoToPreviousWeek(next)) return 'next';
  if (step > 0 && !canGoToNextWeek(next, maxWeekOffset)) return 'previous';
  return null;
}

/**
 * Whether a card can be chosen: never offline. Pickers choose among bookable sessions; the family's calendar opens
 * every future one: a booked one, even when full, to manage that booking (issue 20), a full one to join its
 * waitlist (21).
 */
export function isCardSelectable(options: { online: boolean; pickable: boolean | undefined; state: { bookable: boolean; opens: boolean } }): boolean {
  const { online, pickable, state } = options;
  return online && (pickable === undefined ? state.opens : pickable && state.bookable);
}

/** What a day's column shows: placeholders while the week loads, 'No sessions', or its cards. */
export function dayContentOf(loading: boolean, sessions: number): 'loading' | 'empty' | 'cards' {
  if (loading) return 'loading';
  return sessions === 0 ? 'empty' : 'cards';
}

/**
 * Issue 33: the days of the shown week before today (this week's past days, which a phone folds away) and the rest.
 * A week without today (next week, or a later one) has no earlier days.
 */
export function splitEarlierDays<T extends { isToday: boolean }>(days: readonly T[]): { earlierDays: T[]; laterDays: T[] } {
  const today = days.findIndex((day) => day.isToday);
  return { earlierDays: days.slice(0, Math.max(0, today)), laterDays: days.slice(Math.max(0, today)) };
}
