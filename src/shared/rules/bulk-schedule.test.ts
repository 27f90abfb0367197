import { describe, expect, it } from 'vitest';
import { bulkSessionStarts, bulkWallClockRefusal, countBulkSessions, type BulkScheduleForm } from './bulk-schedule';

// Runs under the machine's zone and again with TZ=UTC and TZ=Asia/Tokyo: every expectation is an absolute
// instant, so a result that leaked the machine's zone (or added 24 hours across a DST change) would fail.
const base = { startTime: '18:00', endTime: '19:30', daysOfWeek: [], specificDates: [] } as const;
const iso = (occurrences: Array<{ startsAt: Date; endsAt: Date }>) =>
  occurrences.map((o) => [o.startsAt.toISOString(), o.endsAt.toISOString()]);

describe('daily series', () => {
  it('has every date from start to end, both included, at the Toronto wall-clock times', () => {
    const form: BulkScheduleForm = { ...base, pattern: 'daily', startDate: '2026-12-01', endDate: '2026-12-03' };
    expect(iso(bulkSessionStarts(form))).toEqual([
      ['2026-12-01T23:00:00.000Z', '2026-12-02T00:30:00.000Z'],
      ['2026-12-02T23:00:00.000Z', '2026-12-03T00:30:00.000Z'],
      ['2026-12-03T23:00:00.000Z', '2026-12-04T00:30:00.000Z'],
    ]);
    expect(countBulkSessions(form)).toBe(3);
  });

  it('keeps 18:00 Toronto across the spring-forward change (Sunday 2026-03-08)', () => {
    const form: BulkScheduleForm = { ...base, pattern: 'daily', startDate: '2026-03-07', endDate: '2026-03-09' };
    expect(bulkSessionStarts(form).map((o) => o.startsAt.toISOString())).toEqual([
      '2026-03-07T23:00:00.000Z', // EST, UTC-5
      '2026-03-08T22:00:00.000Z', // EDT, UTC-4, from that Sunday on
      '2026-03-09T22:00:00.000Z',
    ]);
  });

  it('keeps early-morning times on the right date across the fall-back change (Sunday 2026-11-01)', () => {
    const form: BulkScheduleForm = { ...base, pattern: 'daily', startDate: '2026-10-31', endDate: '2026-11-02', startTime: '00:30', endTime: '01:15' };
    expect(iso(bulkSessionStarts(form))).toEqual([
      ['2026-10-31T04:30:00.000Z', '2026-10-31T05:15:00.000Z'],
      ['2026-11-01T04:30:00.000Z', '2026-11-01T05:15:00.000Z'], // still EDT at 00:30 on the change day
      ['2026-11-02T05:30:00.000Z', '2026-11-02T06:15:00.000Z'],
    ]);
  });

  it('counts a whole year, leap day included, and across a year end', () => {
    expect(countBulkSessions({ ...base, pattern: 'daily', startDate: '2028-01-01', endDate: '2028-12-31' })).toBe(366);
    expect(countBulkSessions({ ...base, pattern: 'daily', startDate: '2026-12-30', endDate: '2027-01-02' })).toBe(4);
    expect(countBulkSessions({ ...base, pattern: 'daily', startDate: '2026-12-01', endDate: '2029-11-30' })).toBe(1096);
  });
});

describe('weekly series', () => {
  it('takes the chosen weekdays (0 = Sunday … 6 = Saturday) across the spring-forward week', () => {
    // Mon 2026-03-02 to Sun 2026-03-15, on Sundays and Wednesdays.
    const form: BulkScheduleForm = { ...base, pattern: 'weekly', startDate: '2026-03-02', endDate: '2026-03-15', daysOfWeek: [3, 0] };
    expect(bulkSessionStarts(form).map((o) => o.startsAt.toISOString())).toEqual([
      '2026-03-04T23:00:00.000Z', // Wed, EST
      '2026-03-08T22:00:00.000Z', // Sun, the change day, EDT
      '2026-03-11T22:00:00.000Z', // Wed, EDT
      '2026-03-15T22:00:00.000Z', // Sun
    ]);
    expect(countBulkSessions(form)).toBe(4);
  });

  it('keeps 18:00 Toronto every Monday and Sunday across the fall-back week (2026-11-01)', () => {
    const form: BulkScheduleForm = { ...base, pattern: 'weekly', startDate: '2026-10-25', endDate: '2026-11-09', daysOfWeek: [0, 1] };
    expect(iso(bulkSessionStarts(form))).toEqual([
      ['2026-10-25T22:00:00.000Z', '2026-10-25T23:30:00.000Z'], // Sun, EDT
      ['2026-10-26T22:00:00.000Z', '2026-10-26T23:30:00.000Z'], // Mon, EDT
      ['2026-11-01T23:00:00.000Z', '2026-11-02T00:30:00.000Z'], // Sun, the change day: EST by 18:00
      ['2026-11-02T23:00:00.000Z', '2026-11-03T00:30:00.000Z'], // Mon, EST
      ['2026-11-08T23:00:00.000Z', '2026-11-09T00:30:00.000Z'],
      ['2026-11-09T23:00:00.000Z', '2026-11-10T00:30:00.000Z'],
    ]);
  });

  it('counts without listing, matching the listed occurrences for every start weekday and length', () => {
    for (let startDay = 1; startDay <= 7; startDay++) {
      for (let length = 1; length <= 22; length++) {
        for (const daysOfWeek of [[0], [1, 3, 5], [6, 0], [0, 1, 2, 3, 4, 5, 6]]) {
          const start = new Date(Date.UTC(2026, 10, startDay));
          const end = new Date(start.getTime() + (length - 1) * 86_400_000);
          const form: BulkScheduleForm = {
            ...base,
            pattern: 'weekly',
            startDate: start.toISOString().slice(0, 10),
            endDate: end.toISOString().slice(0, 10),
            daysOfWeek,
          };
          expect(countBulkSessions(form), JSON.stringify(form)).toBe(bulkSessionStarts(form).length);
        }
      }
    }
  });

  it('ignores repeated weekdays and creates nothing when none falls in the range', () => {
    const twice: BulkScheduleForm = { ...base, pattern: 'weekly', startDate: '2026-11-02', endDate: '2026-11-15', daysOfWeek: [2, 2] };
    expect(countBulkSessions(twice)).toBe(2);
    expect(bulkSessionStarts(twice)).toHaveLength(2);
    // Mon 2026-11-02 to Wed 2026-11-04 has no Friday.
    const none: BulkScheduleForm = { ...base, pattern: 'weekly', startDate: '2026-11-02', endDate: '2026-11-04', daysOfWeek: [5] };
    expect(countBulkSessions(none)).toBe(0);
    expect(bulkSessionStarts(none)).toEqual([]);
  });
});

describe('weekly slots: several weekdays, each with its own times (issue 33)', () => {
  const slots = [
    { dayOfWeek: 4, startTime: '17:00', endTime: '18:00' },
    { dayOfWeek: 2, startTime: '16:30', endTime: '17:30' },
    { dayOfWeek: 2, startTime: '09:00', endTime: '10:00' },
  ];

  it("lists each slot's sessions at its own Toronto times, a day's in order of start, across the fall-back change", () => {
    // Mon 2026-10-26 to Sun 2026-11-08: Tuesdays twice a day, Thursdays once; the clocks fall back on Sun Nov 1.
    const form: BulkScheduleForm = { pattern: 'weekly', startDate: '2026-10-26', endDate: '2026-11-08', slots };
    expect(iso(bulkSessionStarts(form))).toEqual([
      ['2026-10-27T13:00:00.000Z', '2026-10-27T14:00:00.000Z'], // Tue 09:00 EDT
      ['2026-10-27T20:30:00.000Z', '2026-10-27T21:30:00.000Z'], // Tue 16:30 EDT
      ['2026-10-29T21:00:00.000Z', '2026-10-29T22:00:00.000Z'], // Thu 17:00 EDT
      ['2026-11-03T14:00:00.000Z', '2026-11-03T15:00:00.000Z'], // Tue 09:00 EST
      ['2026-11-03T21:30:00.000Z', '2026-11-03T22:30:00.000Z'], // Tue 16:30 EST
      ['2026-11-05T22:00:00.000Z', '2026-11-05T23:00:00.000Z'], // Thu 17:00 EST
    ]);
    expect(countBulkSessions(form)).toBe(6);
  });

  it('replaces the one start and end time and daysOfWeek, and counts as it lists for every start weekday and length', () => {
    const form: BulkScheduleForm = { ...base, pattern: 'weekly', startDate: '2026-11-02', endDate: '2026-11-08', daysOfWeek: [1], slots };
    expect(bulkSessionStarts(form).map((o) => o.startsAt.getUTCDay())).toEqual([2, 2, 4]);
    for (let startDay = 1; startDay <= 7; startDay++) {
      for (let length = 1; length <= 15; length++) {
        const start = new Date(Date.UTC(2026, 10, startDay));
        const end = new Date(start.getTime() + (length - 1) * 86_400_000);
        const series: BulkScheduleForm = { pattern: 'weekly', startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10), slots };
        expect(countBulkSessions(series), JSON.stringify(series)).toBe(bulkSessionStarts(series).length);
      }
    }
  });

  it("names the slot's times when one of them does not exist on the spring-forward Sunday", () => {
    const form: BulkScheduleForm = {
      pattern: 'weekly',
      startDate: '2026-03-02',
      endDate: '2026-03-15',
      slots: [{ dayOfWeek: 3, startTime: '18:00', endTime: '19:00' }, { dayOfWeek: 0, startTime: '02:30', endTime: '03:30' }],
    };
    expect(bulkWallClockRefusal(form)).toMatch(/^02:30 - 03:30 does not exist on Sunday, March 8, 2026/);
  });
});

describe('specific days', () => {
  it('takes the chosen dates once each, in date order', () => {
    const form: BulkScheduleForm = {
      ...base,
      pattern: 'specific-days',
      startDate: '2026-10-01',
      endDate: '2026-12-31',
      specificDates: ['2026-11-02', '2026-10-30', '2026-11-02', '2026-11-01'],
    };
    expect(bulkSessionStarts(form).map((o) => o.startsAt.toISOString())).toEqual([
      '2026-10-30T22:00:00.000Z',
      '2026-11-01T23:00:00.000Z',
      '2026-11-02T23:00:00.000Z',
    ]);
    expect(countBulkSessions(form)).toBe(3);
  });

  it('leaves out dates outside the range and dates that do not exist', () => {
    const form: BulkScheduleForm = {
      ...base,
      pattern: 'specific-days',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      specificDates: ['2026-10-31', '2026-11-31', '2026-12-01', '2026-11-15'],
    };
    expect(countBulkSessions(form)).toBe(1);
    expect(bulkSessionStarts(form).map((o) => o.startsAt.toISOString())).toEqual(['2026-11-15T23:00:00.000Z']);
  });
});

describe('limits and incomplete forms', () => {
  it('stops listing at max, while the count stays exact', () => {
    const form: BulkScheduleForm = { ...base, pattern: 'daily', startDate: '2026-12-01', endDate: '9999-12-31' };
    expect(countBulkSessions(form)).toBe(2_912_109);
    const first = bulkSessionStarts(form, { max: 1001 });
    expect(first).toHaveLength(1001);
    expect(first[1000]!.startsAt.toISOString()).toBe('2029-08-27T22:00:00.000Z');
  });

  it('counts nothing for a half-filled or inverted form', () => {
    expect(countBulkSessions({ ...base, pattern: 'daily', startDate: '', endDate: '2026-12-01' })).toBe(0);
    expect(countBulkSessions({ ...base, pattern: 'daily', startDate: '2026-12-02', endDate: '2026-12-01' })).toBe(0);
    expect(countBulkSessions({ ...base, pattern: 'daily', startDate: '2026-12-01', endDate: '2026-12-02', startTime: '25:00' })).toBe(0);
    expect(bulkSessionStarts({ ...base, pattern: 'daily', startDate: '2026-02-30', endDate: '2026-03-02' })).toEqual([]);
  });
});
