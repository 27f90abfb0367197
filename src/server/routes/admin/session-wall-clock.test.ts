import { describe, expect, it } from 'vitest';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 17, item 11: a Toronto wall-clock time the clocks skip (spring forward, Sunday 2027-03-14 02:00-02:59)
// or repeat (fall back, Sunday 2027-11-07 01:00-01:59) is refused, naming the time, never shifted or guessed.

const {
  clients: { admin },
  classType,
} = withApi({ as: 'admin', clock: () => NOW, classType: 'Clock Change Class' });

const form = (startsAt: string, endsAt: string) => ({ classTypeId: classType.id, startsAt, endsAt, capacity: 10, location: 'Main Gym' });
const SKIPPED = 'startsAt: 02:30 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose another time';
const REPEATED = 'startsAt: 01:30 happens twice on Sunday, November 7, 2027 (the clocks go back that night); choose another time';

describe('sessions at a time a clock change skips or repeats', () => {
  it('create: refuses 02:30 on the spring-forward Sunday and 01:30 on the fall-back Sunday, naming the time', async () => {
    const skipped = await admin.post('/api/admin/sessions', form('2027-03-14T02:30', '2027-03-14T04:00'));
    expect({ status: skipped.status, message: skipped.body.message }).toEqual({ status: 400, message: SKIPPED });
    const repeated = await admin.post('/api/admin/sessions', form('2027-11-07T01:30', '2027-11-07T03:00'));
    expect({ status: repeated.status, message: repeated.body.message }).toEqual({ status: 400, message: REPEATED });
    // The end is checked the same way.
    const end = await admin.post('/api/admin/sessions', form('2027-11-07T00:30', '2027-11-07T01:15'));
    expect({ status: end.status, message: end.body.message }).toEqual({
      status: 400,
      message: 'endsAt: 01:15 happens twice on Sunday, November 7, 2027 (the clocks go back that night); choose another time',
    });
  });

  it('create: the hours around the change, and an instant with an offset, are taken as they are', async () => {
    const before = await admin.post('/api/admin/sessions', form('2027-03-14T01:00', '2027-03-14T01:59'));
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.startsAt).toBe('2027-03-14T06:00:00.000Z');
    const after = await admin.post('/api/admin/sessions', form('2027-03-14T03:00', '2027-03-14T04:00'));
    expect(after.body.startsAt).toBe('2027-03-14T07:00:00.000Z');
    // The second 01:30 of the fall-back night, said with its offset: one instant.
    const explicit = await admin.post('/api/admin/sessions', form('2027-11-07T01:30:00-05:00', '2027-11-07T02:30'));
    expect(explicit.status, JSON.stringify(explicit.body)).toBe(201);
    expect(explicit.body.startsAt).toBe('2027-11-07T06:30:00.000Z');
  });

  it('edit: refuses moving a session to such a time', async () => {
    const created = await admin.post('/api/admin/sessions', form('2027-03-13T10:00', '2027-03-13T11:00'));
    expect(created.status).toBe(201);
    const skipped = await admin.request('PUT', `/api/admin/sessions/${created.body.id}`, form('2027-03-14T02:30', '2027-03-14T04:00'));
    expect({ status: skipped.status, message: skipped.body.message }).toEqual({ status: 400, message: SKIPPED });
    const repeated = await admin.request('PUT', `/api/admin/sessions/${created.body.id}`, form('2027-11-07T01:30', '2027-11-07T03:00'));
    expect({ status: repeated.status, message: repeated.body.message }).toEqual({ status: 400, message: REPEATED });
  });

  it('bulk create: a series touching a skipped or repeated time is refused with the same words', async () => {
    const series = { classTypeId: classType.id, pattern: 'daily', capacity: 10, location: 'Main Gym' };
    const spring = await admin.post('/api/admin/sessions/bulk', { ...series, startDate: '2027-03-12', endDate: '2027-03-16', startTime: '02:15', endTime: '03:30' });
    expect({ status: spring.status, message: spring.body.message }).toEqual({
      status: 400,
      message: '02:15 - 03:30 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose other times',
    });
    const autumn = await admin.post('/api/admin/sessions/bulk', { ...series, startDate: '2027-11-05', endDate: '2027-11-09', startTime: '00:30', endTime: '01:30' });
    expect({ status: autumn.status, message: autumn.body.message }).toEqual({
      status: 400,
      message: '00:30 - 01:30 happens twice on Sunday, November 7, 2027 (the clocks go back that night); choose other times',
    });
  });
});
