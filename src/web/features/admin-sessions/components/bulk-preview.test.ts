import { describe, expect, it } from 'vitest';
import { torontoTime } from '../../../../shared/rules/week';
import { bulkPreview } from './bulk-preview';

const now = new Date(torontoTime(2026, 11, 20, 12, 0).getTime()); // Friday, Nov 20, 2026, noon in Toronto
const base = { startTime: '18:00', endTime: '19:00', daysOfWeek: [1], specificDates: [] as string[] };

describe('bulkPreview', () => {
  it('counts a weekly series and names its first and last session', () => {
    const preview = bulkPreview({ ...base, pattern: 'weekly', startDate: '2026-11-23', endDate: '2026-12-06', daysOfWeek: [2, 4] }, now);
    expect(preview).toMatchObject({ kind: 'ok', count: 4 });
    if (preview.kind !== 'ok') throw new Error('expected ok');
    expect(preview.first.toISOString()).toBe(new Date(torontoTime(2026, 11, 24, 18, 0).getTime()).toISOString());
    expect(preview.last.toISOString()).toBe(new Date(torontoTime(2026, 12, 3, 18, 0).getTime()).toISOString());
  });

  it('explains an incomplete form instead of counting it', () => {
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '', endDate: '' }, now).kind).toBe('incomplete');
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-12-02', endDate: '2026-12-01' }, now)).toMatchObject({
      reason: 'The end date is before the start date.',
    });
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-12-01', endDate: '2026-12-02', endTime: '17:00' }, now)).toMatchObject({
      reason: 'The end time must be after the start time.',
    });
    expect(bulkPreview({ ...base, pattern: 'weekly', startDate: '2026-12-01', endDate: '2026-12-02', daysOfWeek: [] }, now).kind).toBe('incomplete');
    expect(bulkPreview({ ...base, pattern: 'specific-days', startDate: '2026-12-01', endDate: '2026-12-02' }, now).kind).toBe('incomplete');
  });

  it('refuses, in the server\'s words, a series whose time the clocks skip or repeat on one of its dates', () => {
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2027-03-13', endDate: '2027-03-15', startTime: '02:00', endTime: '03:00' }, now)).toEqual({
      kind: 'clock-change',
      message: '02:00 - 03:00 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose other times',
    });
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2027-03-13', endDate: '2027-03-15', startTime: '03:00', endTime: '04:00' }, now).kind).toBe('ok');
  });

  it('refuses a pattern with no sessions, more than 1000, or one starting in the past', () => {
    // Monday only, but the range is Tuesday to Thursday.
    expect(bulkPreview({ ...base, pattern: 'weekly', startDate: '2026-12-01', endDate: '2026-12-03' }, now).kind).toBe('none');
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-12-01', endDate: '2029-12-01' }, now)).toMatchObject({ kind: 'too-many' });
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-11-19', endDate: '2026-11-25' }, now)).toMatchObject({ kind: 'past', count: 7 });
    // Today at 18:00 is still ahead of noon.
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-11-20', endDate: '2026-11-20' }, now)).toMatchObject({ kind: 'ok', count: 1 });
  });
});

describe('bulkPreview and closed days (issue 32)', () => {
  const closures = [{ startDate: '2026-11-24', endDate: '2026-11-25' }];
  it('counts the sessions of the series that fall on closed days (the server skips them)', () => {
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-11-23', endDate: '2026-11-27' }, now, closures)).toMatchObject({ kind: 'ok', count: 5, skipped: 2 });
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-11-26', endDate: '2026-11-27' }, now, closures)).toMatchObject({ kind: 'ok', skipped: 0 });
  });
  it('says when every session of the series falls on a closed day', () => {
    expect(bulkPreview({ ...base, pattern: 'daily', startDate: '2026-11-24', endDate: '2026-11-25' }, now, closures)).toEqual({ kind: 'all-closed', count: 2 });
  });
});
