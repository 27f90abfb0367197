import type { BulkPattern } from '../schemas/sessions';
import { torontoWallClockProblem, wallClockProblemMessage } from './wall-clock';
import { torontoTime } from './week';

/**
 * The occurrences of a bulk session series (spec 5), shared by the server (which creates them) and the
 * bulk form (which shows a live count). Pure: no Node or DOM APIs.
 *
 * Calendar dates are walked as Y-M-D values with UTC date arithmetic (a day is always one step, never
 * "24 hours later"), and each occurrence is a start and end time read on a Toronto wall clock on that date, so
 * a series across a daylight-saving change keeps its local times. The times are the form's one start and end,
 * or (issue 33, weekly) each slot's own: several weekdays with their own times in one series.
 */
export interface BulkScheduleForm {
  pattern: BulkPattern;
  /** YYYY-MM-DD, inclusive. */
  startDate: string;
  /** YYYY-MM-DD, inclusive. */
  endDate: string;
  /** HH:mm, Toronto wall clock (not used when there are slots). */
  startTime?: string;
  /** HH:mm, Toronto wall clock (not used when there are slots). */
  endTime?: string;
  /** weekly: 0 = Sunday … 6 = Saturday. */
  daysOfWeek?: readonly number[];
  /** weekly: each weekday's sessions with their own times (a day may have several); replaces the three above. */
  slots?: readonly BulkSlot[];
  /** specific-days: YYYY-MM-DD dates (de-duplicated and sorted; dates outside startDate..endDate are left out). */
  specificDates?: readonly string[];
}

export interface BulkSlot {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  /** HH:mm, Toronto wall clock. */
  startTime: string;
  /** HH:mm, Toronto wall clock. */
  endTime: string;
}

export interface SessionOccurrence {
  startsAt: Date;
  endsAt: Date;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** Days since 1970-01-01 of a calendar date, or null when it is not a real date. */
function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps them as written.
  utc.setUTCFullYear(year);
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return Math.round(utc.getTime() / DAY_MS);
}

/** The calendar date (year, month 1-12, day) and weekday (0 = Sunday) of a day number. */
function calendarDay(dayNo: number) {
  const utc = new Date(dayNo * DAY_MS);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate(), weekday: utc.getUTCDay() };
}

function clock(time: string): [number, number] | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? [hour, minute] : null;
}

function range(form: BulkScheduleForm): { first: number; last: number } | null {
  const first = dayNumber(form.startDate);
  const last = dayNumber(form.endDate);
  if (first === null || last === null || last < first) return null;
  return { first, last };
}

const isWeekday = (d: number) => Number.isInteger(d) && d >= 0 && d <= 6;

interface DayTimes {
  startTime: string;
  endTime: string;
  start: [number, number];
  end: [number, number];
}

/**
 * The times of each weekday's sessions (index 0 = Sunday), earliest start first: a weekly form's slots; else the
 * form's one start and end time on the weekdays it takes (weekly: the chosen ones; daily and specific dates: all).
 * Null when a time cannot be read.
 */
function timesByWeekday(form: BulkScheduleForm): DayTimes[][] | null {
  const byDay: DayTimes[][] = Array.from({ length: 7 }, () => []);
  const add = (weekday: number, startTime: string | undefined, endTime: string | undefined) => {
    const start = clock(startTime ?? '');
    const end = clock(endTime ?? '');
    if (!start || !end) return false;
    if (byDay[weekday]!.some((t) => t.startTime === startTime)) return true;
    byDay[weekday]!.push({ startTime: startTime!, endTime: endTime!, start, end });
    return true;
  };
  if (form.pattern === 'weekly' && form.slots?.length) {
    for (const slot of form.slots) if (isWeekday(slot.dayOfWeek) && !add(slot.dayOfWeek, slot.startTime, slot.endTime)) return null;
  } else {
    const days = form.pattern === 'weekly' ? (form.daysOfWeek ?? []).filter(isWeekday) : [0, 1, 2, 3, 4, 5, 6];
    for (const weekday of days) if (!add(weekday, form.startTime, form.endTime)) return null;
  }
  for (const times of byDay) times.sort((a, b) => (a.startTime < b.startTime ? -1 : 1));
  return byDay;
}

function specificDayNumbers(form: BulkScheduleForm, first: number, last: number): number[] {
  const days = new Set<number>();
  for (const date of form.specificDates ?? []) {
    const dayNo = dayNumber(date);
    if (dayNo !== null && dayNo >= first && dayNo <= last) days.add(dayNo);
  }
  return [...days].sort((a, b) => a - b);
}

/**
 * How many sessions the form would create, computed without listing them (so the bulk form can show it as
 * the admin types, whatever the range). An incomplete or invalid form counts 0.
 */
export function countBulkSessions(form: BulkScheduleForm): number {
  const span = range(form);
  const times = timesByWeekday(form);
  if (!span || !times) return 0;
  const length = span.last - span.first + 1;
  switch (form.pattern) {
    case 'daily':
    case 'weekly': {
      const firstWeekday = calendarDay(span.first).weekday;
      const fullWeeks = Math.floor(length / 7);
      const rest = length % 7;
      // Each weekday occurs once per full week, plus once more if it falls in the leftover days; each time it
      // occurs, it has its sessions.
      return times.reduce((sum, dayTimes, weekday) => sum + dayTimes.length * (fullWeeks + ((weekday - firstWeekday + 7) % 7 < rest ? 1 : 0)), 0);
    }
    case 'specific-days':
      return specificDayNumbers(form, span.first, span.last).length;
    default:
      return 0;
  }
}

/**
 * Every occurrence of the series in date order (a day's in order of their start), each on a Toronto wall clock.
 * With `max`, stops after that many (the caller compares with countBulkSessions to refuse a larger series).
 */
export function bulkSessionStarts(form: BulkScheduleForm, options: { max?: number } = {}): SessionOccurrence[] {
  const occurrences: SessionOccurrence[] = [];
  for (const { year, month, day, times } of seriesTimes(form, options.max)) {
    occurrences.push({
      startsAt: new Date(torontoTime(year, month, day, times.start[0], times.start[1]).getTime()),
      endsAt: new Date(torontoTime(year, month, day, times.end[0], times.end[1]).getTime()),
    });
  }
  return occurrences;
}

/**
 * The refusal of a series whose start or end time falls, on one of its dates, in the hour the clocks skip
 * (spring forward) or repeat (fall back): the same rule and words as a single session (rules/wall-clock.ts),
 * naming the times and the first such date ('02:00 - 03:00 does not exist on Sunday, March 8, 2026
 * …'). Null when every occurrence is one instant (only the first `max` occurrences are looked at).
 */
export function bulkWallClockRefusal(form: BulkScheduleForm, options: { max?: number } = {}): string | null {
  for (const { year, month, day, times } of seriesTimes(form, options.max)) {
    const problem = torontoWallClockProblem(year, month, day, ...times.start) ?? torontoWallClockProblem(year, month, day, ...times.end);
    if (problem) return wallClockProblemMessage(problem, { year, month, day, time: `${times.startTime} - ${times.endTime}` }, 'other times');
  }
  return null;
}

/** Each occurrence's calendar date and times, in order (at most `max`), empty for an incomplete form. */
function* seriesTimes(form: BulkScheduleForm, max = Number.POSITIVE_INFINITY) {
  const byDay = timesByWeekday(form);
  if (!byDay) return;
  let count = 0;
  for (const date of seriesDays(form, byDay)) {
    for (const times of byDay[date.weekday]!) {
      if (count++ >= max) return;
      yield { ...date, times };
    }
  }
}

/** The calendar dates of the series in order, each a day with sessions, empty for an incomplete form. */
function* seriesDays(form: BulkScheduleForm, byDay: DayTimes[][]): Generator<ReturnType<typeof calendarDay>> {
  const span = range(form);
  if (!span) return;
  if (form.pattern === 'specific-days') {
    for (const dayNo of specificDayNumbers(form, span.first, span.last)) yield calendarDay(dayNo);
  } else if (form.pattern === 'daily' || form.pattern === 'weekly') {
    for (let dayNo = span.first; dayNo <= span.last; dayNo++) {
      const date = calendarDay(dayNo);
      if (byDay[date.weekday]!.length) yield date;
    }
  }
}
