import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../shared/rules/format';
import { sessions } from '../../db/schema';
import { createClassType } from '../../test-support/fixtures';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 33, item 4: a real term in one bulk run. Several weekdays, each with its own times (`slots`), the class
// type's default capacity and location, closed days skipped, and the new sessions in the answer. Run it in
// TZ=Asia/Tokyo too: every expectation is a Toronto wall-clock time or an absolute instant.

const {
  server,
  clients: { admin, parent },
} = withApi({ as: ['admin', 'parent'], clock: () => NOW });

const db = () => server.database.db;
const bulk = (body: unknown) => admin.post('/api/admin/sessions/bulk', body);
const sessionsOf = (classTypeId: string) =>
  db().select().from(sessions).where(eq(sessions.classTypeId, classTypeId)).orderBy(asc(sessions.startsAt));
const torontoWeekday = (date: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', weekday: 'short' }).format(date);

// Mon 2027-03-08 to Sun 2027-03-21: the clocks go forward on Sunday March 14.
const term = { startDate: '2027-03-08', endDate: '2027-03-21', pattern: 'weekly' } as const;
const slots = [
  { dayOfWeek: 4, startTime: '18:30', endTime: '19:30' },
  { dayOfWeek: 2, startTime: '17:00', endTime: '18:00' },
  { dayOfWeek: 6, startTime: '09:00', endTime: '10:15' },
  { dayOfWeek: 0, startTime: '10:00', endTime: '11:00' },
];

describe('POST /api/admin/sessions/bulk with slots (issue 33)', () => {
  it('creates each weekday at its own Toronto times across the spring-forward change, and answers the new sessions', async () => {
    const classType = await createClassType(db(), { name: 'Term Class' });
    const res = await bulk({ classTypeId: classType.id, ...term, slots, capacity: 14, location: 'Court 2' });
    expect(res.status).toBe(201);
    const created = await sessionsOf(classType.id);
    expect(created.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([
      ['2027-03-09T22:00:00.000Z', '2027-03-09T23:00:00.000Z'], // Tue 17:00 EST (UTC-5)
      ['2027-03-11T23:30:00.000Z', '2027-03-12T00:30:00.000Z'], // Thu 18:30 EST
      ['2027-03-13T14:00:00.000Z', '2027-03-13T15:15:00.000Z'], // Sat 09:00 EST
      ['2027-03-14T14:00:00.000Z', '2027-03-14T15:00:00.000Z'], // Sun 10:00 EDT (UTC-4): the change day
      ['2027-03-16T21:00:00.000Z', '2027-03-16T22:00:00.000Z'], // Tue 17:00 EDT
      ['2027-03-18T22:30:00.000Z', '2027-03-18T23:30:00.000Z'], // Thu 18:30 EDT
      ['2027-03-20T13:00:00.000Z', '2027-03-20T14:15:00.000Z'], // Sat 09:00 EDT
      ['2027-03-21T14:00:00.000Z', '2027-03-21T15:00:00.000Z'], // Sun 10:00 EDT
    ]);
    expect(created.map((s) => `${torontoWeekday(s.startsAt)} ${formatTime(s.startsAt)}`)).toEqual([
      'Tue 5:00 PM',
      'Thu 6:30 PM',
      'Sat 9:00 AM',
      'Sun 10:00 AM',
      'Tue 5:00 PM',
      'Thu 6:30 PM',
      'Sat 9:00 AM',
      'Sun 10:00 AM',
    ]);
    expect(created.every((s) => s.capacity === 14 && s.location === 'Court 2')).toBe(true);
    expect(res.body).toEqual({
      count: 8,
      skippedClosedDays: 0,
      sessionIds: created.map((s) => s.id),
      firstStartsAt: '2027-03-09T22:00:00.000Z',
      lastStartsAt: '2027-03-21T14:00:00.000Z',
    });
  });

  it("takes a missing capacity and location from the class type, each on its own; the spec's body too", async () => {
    const classType = await createClassType(db(), { name: 'Small Group' });
    const saved = await admin.request('PUT', `/api/admin/classes/${classType.id}`, {
      name: 'Small Group',
      defaultCapacity: 12,
      defaultLocation: 'Court 3',
    });
    expect(saved.status).toBe(200);

    const fromClass = await bulk({ classTypeId: classType.id, ...term, slots: [slots[1]] });
    expect(fromClass.status).toBe(201);
    const ownCapacity = await bulk({ classTypeId: classType.id, ...term, slots: [slots[0]], capacity: 20 });
    expect(ownCapacity.status).toBe(201);
    const spec = await bulk({ classTypeId: classType.id, ...term, startTime: '07:00', endTime: '08:00', daysOfWeek: [1], location: 'Track' });
    expect(spec.status).toBe(201);
    expect(spec.body).toMatchObject({ count: 2, skippedClosedDays: 0 });

    const made = await sessionsOf(classType.id);
    const where = (weekday: string) => made.filter((s) => torontoWeekday(s.startsAt) === weekday).map((s) => [s.capacity, s.location]);
    expect(where('Tue')).toEqual([[12, 'Court 3'], [12, 'Court 3']]);
    expect(where('Thu')).toEqual([[20, 'Court 3'], [20, 'Court 3']]);
    expect(where('Mon')).toEqual([[12, 'Track'], [12, 'Track']]);

    // A class type nobody changed keeps today's defaults.
    const plain = await createClassType(db(), { name: 'Plain Class' });
    expect((await bulk({ classTypeId: plain.id, ...term, slots: [slots[1]] })).status).toBe(201);
    expect((await sessionsOf(plain.id)).map((s) => [s.capacity, s.location])).toEqual([[50, 'Main Gym'], [50, 'Main Gym']]);
  });

  it('skips the closed days of the slots, counting them, and refuses with DAY_CLOSED when every one is closed', async () => {
    const classType = await createClassType(db(), { name: 'Closure Term' });
    const closed = await admin.post('/api/admin/closures', { startDate: '2027-03-18', endDate: '2027-03-20', reason: 'March Break' });
    expect(closed.status).toBe(201);
    const res = await bulk({ classTypeId: classType.id, ...term, slots });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 6, skippedClosedDays: 2 });
    const created = await sessionsOf(classType.id);
    expect(created.map((s) => s.startsAt.toISOString().slice(0, 10))).toEqual([
      '2027-03-09',
      '2027-03-11',
      '2027-03-13',
      '2027-03-14',
      '2027-03-16',
      '2027-03-21',
    ]);
    expect(res.body.sessionIds).toEqual(created.map((s) => s.id));

    const allClosed = await bulk({ classTypeId: classType.id, ...term, startDate: '2027-03-18', endDate: '2027-03-20', slots });
    expect(allClosed.status).toBe(409);
    expect(allClosed.body).toMatchObject({ code: 'DAY_CLOSED' });
    expect(await sessionsOf(classType.id)).toHaveLength(6);
  });

  it('refuses bad slots with a message naming the field, creating nothing', async () => {
    const classType = await createClassType(db(), { name: 'Refused Term' });
    const tue = { dayOfWeek: 2, startTime: '17:00', endTime: '18:00' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slots: [] }, 'slots: Add at least one day with its times'],
      [{ slots: 'Tuesdays' }, 'slots: slots must be a list of { dayOfWeek, startTime, endTime }'],
      [{ slots: [tue], pattern: 'daily' }, 'slots: Slots are for the weekly pattern'],
      [{ slots: [tue], startTime: '18:00', endTime: '19:00' }, 'slots: With slots, leave out startTime, endTime and daysOfWeek: each slot has its own day and times'],
      [{ slots: [tue], daysOfWeek: [2] }, 'slots: With slots, leave out startTime, endTime and daysOfWeek: each slot has its own day and times'],
      [{ slots: [{ ...tue, dayOfWeek: 7 }] }, 'slots.0.dayOfWeek: Days of the week are 0 (Sunday) to 6 (Saturday)'],
      [{ slots: [{ ...tue, dayOfWeek: '2' }] }, 'slots.0.dayOfWeek: Days of the week are 0 (Sunday) to 6 (Saturday)'],
      [{ slots: [tue, { dayOfWeek: 4, endTime: '18:00' }] }, 'slots.1.startTime: Start time is required'],
      [{ slots: [{ ...tue, startTime: '5pm' }] }, 'slots.0.startTime: Enter a valid time (HH:MM)'],
      [{ slots: [{ ...tue, endTime: '16:00' }] }, 'slots.0.endTime: End time must be after the start time'],
      [{ slots: [{ ...tue, startTime: '06:00', endTime: '19:00' }] }, 'slots.0.endTime: A session cannot last longer than 12 hours'],
      [{ slots: [tue, { dayOfWeek: 2, startTime: '17:30', endTime: '18:30' }] }, "slots.1.startTime: Tuesday's 17:30 - 18:30 overlaps its 17:00 - 18:00"],
      [{ slots: [tue, tue] }, "slots.1.startTime: Tuesday's 17:00 - 18:00 overlaps its 17:00 - 18:00"],
      [{ slots: Array.from({ length: 22 }, (_, i) => ({ dayOfWeek: i % 7, startTime: `0${Math.floor(i / 7)}:00`, endTime: `0${Math.floor(i / 7)}:30` })) }, 'slots: At most 21 slots can be scheduled at once'],
      // The spec's body without slots still needs its times.
      [{ daysOfWeek: [2] }, 'startTime: Start time is required'],
      [{ startTime: '18:00', daysOfWeek: [2] }, 'endTime: End time is required'],
    ];
    for (const [fields, message] of cases) {
      const res = await bulk({ classTypeId: classType.id, ...term, ...fields });
      expect({ fields, status: res.status, message: res.body.message, code: res.body.code }).toEqual({ fields, status: 400, message, code: 'VALIDATION_FAILED' });
    }
    // Back-to-back slots of one day are fine; a slot in the past refuses the whole run.
    const past = await bulk({ classTypeId: classType.id, ...term, startDate: '2026-11-17', endDate: '2026-11-30', slots: [tue] });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('The series includes sessions in the past; choose a start date from today on');
    expect(await sessionsOf(classType.id)).toEqual([]);
    const backToBack = await bulk({ classTypeId: classType.id, ...term, slots: [tue, { dayOfWeek: 2, startTime: '18:00', endTime: '19:00' }] });
    expect(backToBack.status).toBe(201);
    expect(backToBack.body.count).toBe(4);
  });

  it('refuses a slot time the clocks skip, naming it, and is refused to a parent', async () => {
    const classType = await createClassType(db(), { name: 'Night Term' });
    const res = await bulk({ classTypeId: classType.id, ...term, slots: [slots[1]!, { dayOfWeek: 0, startTime: '02:15', endTime: '03:30' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('02:15 - 03:30 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose other times');
    expect((await parent.post('/api/admin/sessions/bulk', { classTypeId: classType.id, ...term, slots })).status).toBe(403);
    expect(await sessionsOf(classType.id)).toEqual([]);
  });
});
