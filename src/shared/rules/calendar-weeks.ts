import type { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, endOfDay, format } from 'date-fns';
import { formatLongDate, weekRangeLabel } from './format';
import { daysOfWeek, startOfTorontoWeek, torontoDateKey } from './week';

/**
 * Spec 4 and 9, week navigation: the calendar opens on the current Toronto week and can move forward
 * to the next one only (offset 0 = current week, 1 = next week).
 */
export const MIN_WEEK_OFFSET = 0;
export const MAX_WEEK_OFFSET = 1;

/** Spec 9: the calendar asks for 14 days from the start of the current week, up to 1000 sessions. */
export const CALENDAR_FETCH_DAYS = 14;
export const CALENDAR_FETCH_LIMIT = 1000;

/** The office's calendar (issue 19) may go this many weeks ahead: any future session it may book. */
export const OFFICE_MAX_WEEK_OFFSET = 104;

export function clampWeekOffset(offset: number, max = MAX_WEEK_OFFSET): number {
  return Math.min(max, Math.max(MIN_WEEK_OFFSET, Math.trunc(offset)));
}

export const canGoToPreviousWeek = (offset: number) => offset > MIN_WEEK_OFFSET;
export const canGoToNextWeek = (offset: number, max = MAX_WEEK_OFFSET) => offset < max;

export interface CalendarWeek {
  /** Monday 00:00 Toronto. */
  start: TZDate;
  /** Sunday 00:00 Toronto (the last day shown). */
  lastDay: TZDate;
  /** 'Nov 16 - Nov 22, 2026'. */
  label: string;
}

/** The week shown at `offset` weeks after the current Toronto week (clamped to the navigation bounds). */
export function calendarWeek(now: Date | number, offset: number, max = MAX_WEEK_OFFSET): CalendarWeek {
  const start = addWeeks(startOfTorontoWeek(now), clampWeekOffset(offset, max));
  const lastDay = addDays(start, 6);
  return { start, lastDay, label: weekRangeLabel(start, lastDay) };
}

/**
 * Spec 7, parent calendar: from = the start of the current Toronto week, to = that start plus 13 days at the
 * end of the day (23:59:59.999 Toronto), both as ISO instants.
 */
export function calendarFetchRange(now: Date | number): { from: string; to: string } {
  const start = startOfTorontoWeek(now);
  const end = endOfDay(addDays(start, CALENDAR_FETCH_DAYS - 1));
  return { from: new Date(start.getTime()).toISOString(), to: new Date(end.getTime()).toISOString() };
}

export interface CalendarDay {
  /** Toronto calendar date, YYYY-MM-DD. */
  key: string;
  /** Toronto midnight of the day. */
  date: TZDate;
  /** 'Mon'. */
  weekday: string;
  /** '16'. */
  dayNumber: string;
  /** 'Monday, November 16, 2026'. */
  label: string;
  isToday: boolean;
}

/** The seven days (Monday first) of the week starting at weekStart, with today marked in Toronto. */
export function calendarDays(weekStart: Date, now: Date | number): CalendarDay[] {
  const todayKey = torontoDateKey(now);
  return daysOfWeek(weekStart).map((date) => {
    const key = torontoDateKey(date);
    return {
      key,
      date,
      weekday: format(date, 'EEE'),
      dayNumber: format(date, 'd'),
      label: formatLongDate(date),
      isToday: key === todayKey,
    };
  });
}

/** Items grouped by the Toronto calendar date (YYYY-MM-DD) of their start, keeping their order. */
export function groupByTorontoDay<T extends { startsAt: string | Date }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = torontoDateKey(item.startsAt);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The navigation offset of the week holding `instant` (0 = current week), clamped to the bounds. */
export function weekOffsetOf(instant: Date | string, now: Date | number, max = MAX_WEEK_OFFSET): number {
  const weeks = Math.round((startOfTorontoWeek(instant).getTime() - startOfTorontoWeek(now).getTime()) / (7 * 24 * 3_600_000));
  return clampWeekOffset(weeks, max);
}

/** The instants of one shown week (Monday 00:00 to Sunday 23:59:59.999 Toronto): the office's calendar fetches a week at a time. */
export function weekFetchRange(week: CalendarWeek): { from: string; to: string } {
  return { from: new Date(week.start.getTime()).toISOString(), to: new Date(endOfDay(week.lastDay).getTime()).toISOString() };
}
