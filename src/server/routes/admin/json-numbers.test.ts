import { describe, expect, it } from 'vitest';
import { createParent } from '../../test-support/fixtures';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 17, item 10: a number in a JSON body is a JSON number. `true`, "0x10", [5] (and "5") used to be read
// as 1, 16, 5 (and 5); now they are refused with the field's message. Query strings may still carry numbers
// as text (they have no other way), and the CSV import reads a cell's digits (user-import.test.ts).

const {
  server,
  clients: { admin },
  classType,
} = withApi({ as: 'admin', clock: () => NOW, classType: 'Numbers Class' });

const NOT_NUMBERS: unknown[] = [true, '0x10', [5], '5', null, { value: 5 }];
const session = (capacity: unknown) => ({
  classTypeId: classType.id,
  startsAt: '2026-11-26T10:00',
  endsAt: '2026-11-26T11:00',
  capacity,
  location: 'Main Gym',
});

describe('numbers in JSON bodies', () => {
  it('session create: capacity true, "0x10", [5]… are refused; a JSON number is taken', async () => {
    for (const capacity of NOT_NUMBERS) {
      const res = await admin.post('/api/admin/sessions', session(capacity));
      expect({ capacity, status: res.status, message: res.body.message }).toEqual({
        capacity,
        status: 400,
        message: 'capacity: Capacity must be a whole number',
      });
    }
    const created = await admin.post('/api/admin/sessions', session(16));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.capacity).toBe(16);
  });

  it('session edit and bulk create: capacity and the days of the week must be numbers', async () => {
    const created = await admin.post('/api/admin/sessions', session(10));
    const edit = await admin.request('PUT', `/api/admin/sessions/${created.body.id}`, session('0x10'));
    expect({ status: edit.status, message: edit.body.message }).toEqual({ status: 400, message: 'capacity: Capacity must be a whole number' });

    const bulk = {
      classTypeId: classType.id,
      startDate: '2026-12-01',
      endDate: '2026-12-14',
      startTime: '18:00',
      endTime: '19:00',
      pattern: 'weekly',
      daysOfWeek: [1],
      capacity: 10,
      location: 'Main Gym',
    };
    const days = await admin.post('/api/admin/sessions/bulk', { ...bulk, daysOfWeek: ['1'] });
    expect({ status: days.status, message: days.body.message }).toEqual({
      status: 400,
      message: 'daysOfWeek.0: Days of the week are 0 (Sunday) to 6 (Saturday)',
    });
    const capacity = await admin.post('/api/admin/sessions/bulk', { ...bulk, capacity: true });
    expect({ status: capacity.status, message: capacity.body.message }).toEqual({ status: 400, message: 'capacity: Capacity must be a whole number' });
    expect((await admin.post('/api/admin/sessions/bulk', bulk)).status).toBe(201);
  });

  it('weekly limits of a new or edited account must be numbers', async () => {
    const account = (extra: Record<string, unknown>) => ({
      firstName: 'Nora',
      lastName: 'Numbers',
      email: `nora-${Math.random().toString(36).slice(2)}@example.com`,
      firstChildName: 'Ivy',
      ...extra,
    });
    for (const value of [true, '0x10', [5], '3']) {
      for (const field of ['weeklyLimit', 'firstChildWeeklyLimit']) {
        const res = await admin.post('/api/admin/users', account({ [field]: value }));
        expect({ field, value, status: res.status, message: res.body.message }).toEqual({
          field,
          value,
          status: 400,
          message: `${field}: Weekly limit must be a whole number from 1 to 7`,
        });
      }
    }
    const created = await admin.post('/api/admin/users', account({ weeklyLimit: 3, firstChildWeeklyLimit: 2 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect([created.body.weeklyLimit, created.body.firstChildWeeklyLimit]).toEqual([3, 2]);

    const parent = await createParent(server.database.db, [['Ben', 1]]);
    const patch = await admin.request('PATCH', `/api/admin/users/${parent.id}`, { firstChildWeeklyLimit: true });
    expect({ status: patch.status, message: patch.body.message }).toEqual({
      status: 400,
      message: 'firstChildWeeklyLimit: Weekly limit must be a whole number from 1 to 7',
    });
    const patched = await admin.request('PATCH', `/api/admin/users/${parent.id}`, { firstChildWeeklyLimit: 4 });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.firstChildWeeklyLimit).toBe(4);
  });

  it("'Clean old' webhook logs: olderThanDays must be a number", async () => {
    const text = await admin.request('DELETE', '/api/admin/webhook-logs', { olderThanDays: '30' });
    expect({ status: text.status, message: text.body.message }).toEqual({
      status: 400,
      message: 'olderThanDays: olderThanDays must be a whole number of days from 1 to 3650',
    });
    expect((await admin.request('DELETE', '/api/admin/webhook-logs', { olderThanDays: 30 })).status).toBe(200);
  });

  it('query strings still carry numbers as text', async () => {
    const res = await admin.get('/api/admin/users?page=1&limit=25');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(25);
  });
});
