import { describe, expect, it } from 'vitest';
import { parseTorontoDateTime, torontoWallClockRefusal } from '../schemas/common';
import { bulkWallClockRefusal } from './bulk-schedule';
import { torontoWallClockProblem, wallClockProblemMessage } from './wall-clock';

// Runs under the machine's zone and again with TZ=UTC and TZ=Asia/Tokyo: only Toronto's rules may decide.
// Toronto 2027: the clocks go forward on Sunday March 14 at 02:00 (to 03:00) and back on Sunday November 7
// at 02:00 (to 01:00).
describe('torontoWallClockProblem', () => {
  it('finds the skipped hour of the spring-forward night, and only that hour', () => {
    expect(torontoWallClockProblem(2027, 3, 14, 1, 59)).toBeNull();
    expect(torontoWallClockProblem(2027, 3, 14, 2, 0)).toBe('skipped');
    expect(torontoWallClockProblem(2027, 3, 14, 2, 30)).toBe('skipped');
    expect(torontoWallClockProblem(2027, 3, 14, 2, 59)).toBe('skipped');
    expect(torontoWallClockProblem(2027, 3, 14, 3, 0)).toBeNull();
    // The same time on other days exists.
    expect(torontoWallClockProblem(2027, 3, 13, 2, 30)).toBeNull();
    expect(torontoWallClockProblem(2027, 3, 21, 2, 30)).toBeNull();
  });

  it('finds the repeated hour of the fall-back night, and only that hour', () => {
    expect(torontoWallClockProblem(2027, 11, 7, 0, 59)).toBeNull();
    expect(torontoWallClockProblem(2027, 11, 7, 1, 0)).toBe('repeated');
    expect(torontoWallClockProblem(2027, 11, 7, 1, 30)).toBe('repeated');
    expect(torontoWallClockProblem(2027, 11, 7, 1, 59)).toBe('repeated');
    expect(torontoWallClockProblem(2027, 11, 7, 2, 0)).toBeNull();
    expect(torontoWallClockProblem(2027, 11, 6, 1, 30)).toBeNull();
    // 2026's change days too.
    expect(torontoWallClockProblem(2026, 3, 8, 2, 15)).toBe('skipped');
    expect(torontoWallClockProblem(2026, 11, 1, 1, 15)).toBe('repeated');
  });

  it('words the refusal with the time and the Toronto date', () => {
    expect(wallClockProblemMessage('skipped', { year: 2027, month: 3, day: 14, time: '02:30' })).toBe(
      '02:30 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose another time',
    );
    expect(wallClockProblemMessage('repeated', { year: 2027, month: 11, day: 7, time: '01:30' }, 'other times')).toBe(
      '01:30 happens twice on Sunday, November 7, 2027 (the clocks go back that night); choose other times',
    );
  });
});

describe('form date-times (torontoWallClockRefusal)', () => {
  it('refuses a wall-clock time without an offset in either hour, and says why', () => {
    expect(torontoWallClockRefusal('2027-03-14T02:30')).toBe(
      '02:30 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose another time',
    );
    expect(torontoWallClockRefusal('2027-11-07T01:30')).toBe(
      '01:30 happens twice on Sunday, November 7, 2027 (the clocks go back that night); choose another time',
    );
  });

  it('takes ordinary times, instants with an offset, and leaves malformed text to the other checks', () => {
    expect(torontoWallClockRefusal('2027-11-07T02:30')).toBeNull();
    expect(torontoWallClockRefusal('2027-11-07T01:30:00-04:00')).toBeNull();
    expect(parseTorontoDateTime('2027-11-07T01:30:00-04:00')?.toISOString()).toBe('2027-11-07T05:30:00.000Z');
    expect(torontoWallClockRefusal('2027-03-13T26:30')).toBeNull();
    expect(torontoWallClockRefusal('tomorrow')).toBeNull();
  });
});

describe('bulk series (bulkWallClockRefusal)', () => {
  const series = { pattern: 'daily', startDate: '2027-03-12', endDate: '2027-03-16' } as const;
  it('names the series\' times and the first date where its start or end is skipped or repeated', () => {
    expect(bulkWallClockRefusal({ ...series, startTime: '02:00', endTime: '03:00' })).toBe(
      '02:00 - 03:00 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose other times',
    );
    expect(bulkWallClockRefusal({ ...series, startTime: '01:30', endTime: '02:30' })).toBe(
      '01:30 - 02:30 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose other times',
    );
    expect(bulkWallClockRefusal({ pattern: 'weekly', daysOfWeek: [0], startDate: '2027-11-01', endDate: '2027-11-30', startTime: '01:00', endTime: '01:45' })).toBe(
      '01:00 - 01:45 happens twice on Sunday, November 7, 2027 (the clocks go back that night); choose other times',
    );
  });

  it('passes a series whose dates skip the change night, or whose times are outside the changed hour', () => {
    expect(bulkWallClockRefusal({ ...series, startTime: '18:00', endTime: '19:30' })).toBeNull();
    expect(bulkWallClockRefusal({ pattern: 'weekly', daysOfWeek: [1, 3], ...{ startDate: '2027-03-08', endDate: '2027-03-20' }, startTime: '02:30', endTime: '03:30' })).toBeNull();
  });
});
