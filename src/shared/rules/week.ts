import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, format, startOfDay, startOfWeek } from 'date-fns';
import { BUSINESS_TIME_ZONE } from '../product';

/** Spec 9: weeks start on Monday, in the business time zone, whatever the machine's zone. */
export const WEEK_STARTS_ON = 1;

/** The instant as seen on a Toronto wall clock. */
export function inToronto(instant: Date | number | string): TZDate {
  return new TZDate(new Date(instant).getTime(), BUSINESS_TIME_ZONE);
}

/** A Toronto wall-clock time (month 1-12) as an instant. */
export function torontoTime(year: number, month: number, day: number, hour = 0, minute = 0): TZDate {
  return new TZDate(year, month - 1, day, hour, minute, BUSINESS_TIME_ZONE);
}

/** Monday 00:00 in Toronto of the week holding the instant. */
export function startOfTorontoWeek(instant: Date | number | string): TZDate {
  return startOfWeek(inToronto(instant), { weekStartsOn: WEEK_STARTS_ON });
}

/** Toronto midnight of the day holding the instant. */
export function startOfTorontoDay(instant: Date | number | string): TZDate {
  return startOfDay(inToronto(instant));
}

const HOUR_MS = 3_600_000;
/** Toronto dates by UTC hour (see torontoDateKey), bounded. */
const dateKeyOfHour = new Map<number, string>();

/**
 * The Toronto calendar date (YYYY-MM-DD) of an instant. Toronto's offset is a whole number of hours and changes only
 * at the top of a UTC hour, so every instant of one UTC hour has the same Toronto date: it is computed once per hour
 * (a calendar groups a hundred sessions by day on its first render; each date through the time-zone rules costs a
 * phone tens of microseconds). An offset that is not whole hours (none since 1895) is never remembered.
 */
export function torontoDateKey(instant: Date | number | string): string {
  const ms = new Date(instant).getTime();
  const hour = Math.floor(ms / HOUR_MS);
  const known = dateKeyOfHour.get(hour);
  if (known !== undefined) return known;
  const date = inToronto(ms);
  const key = format(date, 'yyyy-MM-dd');
  if (date.getTimezoneOffset() % 60 === 0) {
    if (dateKeyOfHour.size >= 10_000) dateKeyOfHour.clear();
    dateKeyOfHour.set(hour, key);
  }
  return key;
}

/** Toronto midnight of a YYYY-MM-DD calendar date. */
export function torontoMidnightOf(dateKey: string): TZDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateKey);
  if (!match) throw new RangeError(`Not a calendar date: ${dateKey}`);
  return torontoTime(Number(match[1]), Number(match[2]), Number(match[3]));
}

export interface WeekRange {
  /** Monday 00:00 Toronto (inclusive). */
  start: TZDate;
  /** The next Monday 00:00 Toronto (exclusive). */
  end: TZDate;
}

export function torontoWeekOf(instant: Date | number | string): WeekRange {
  const start = startOfTorontoWeek(instant);
  return { start, end: addWeeks(start, 1) };
}

/**
 * Spec 9: the booking window is the current week plus the next one (Monday 00:00 of this week to
 * Monday 00:00 two weeks later, Toronto time).
 */
export function bookingWindow(now: Date | number = Date.now()): WeekRange {
  const start = startOfTorontoWeek(now);
  return { start, end: addWeeks(start, 2) };
}

export function isInBookingWindow(sessionStart: Date, now: Date | number = Date.now()): boolean {
  const { start, end } = bookingWindow(now);
  return sessionStart.getTime() >= start.getTime() && sessionStart.getTime() < end.getTime();
}

/** The seven days (Toronto midnights) of the week starting at weekStart. */
export function daysOfWeek(weekStart: Date): TZDate[] {
  const monday = inToronto(weekStart);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}
