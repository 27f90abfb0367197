import { beforeAll, describe, expect, it } from 'vitest';
import { torontoTime } from '../../../shared/rules/week';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { book } from '../../test-support/bookings';
import { withApi } from '../../test-support/with-api';

// Weeks and the booking window around the daylight-saving changes, with the server's clock pinned.
let now = torontoTime(2026, 10, 27, 12, 0); // Tuesday before the fall-back Sunday (Nov 1)
let classTypeId: string;
const { server } = withApi({ seed: false, clock: () => now });
beforeAll(async () => {
  classTypeId = (await createClassType(server.database.db)).id;
});

const wall = (y: number, m: number, d: number, h: number, min = 0) => new Date(torontoTime(y, m, d, h, min).getTime());
const session = (startsAt: Date) => createSession(server.database.db, { classTypeId, startsAt, capacity: 10 });
async function parentWith(limit: number) {
  const parent = await createParent(server.database.db, [['Robin', limit]]);
  const api = new ApiClient(server.baseUrl);
  await api.login(parent.email, parent.password);
  return api;
}

describe('around the fall-back change (Sunday 2026-11-01)', () => {
  it('Sunday 23:30 after the change is still in the Monday-to-Sunday week; Monday 00:30 starts a new one', async () => {
    now = torontoTime(2026, 10, 27, 12, 0);
    const api = await parentWith(1);
    const saturday = await session(wall(2026, 10, 31, 10));
    const lateSunday = await session(wall(2026, 11, 1, 23, 30));
    const earlyMonday = await session(wall(2026, 11, 2, 0, 30));
    expect((await book(api, lateSunday.id, ['Robin'])).status).toBe(201);
    expect((await book(api, saturday.id, ['Robin'])).status).toBe(409);
    expect((await book(api, earlyMonday.id, ['Robin'])).status).toBe(201);
  });

  it('the window ends at Monday 00:00 EST two weeks on, not an hour off', async () => {
    now = torontoTime(2026, 10, 27, 12, 0);
    const api = await parentWith(7);
    const lastEvening = await session(wall(2026, 11, 8, 23, 30)); // 04:30 UTC on Nov 9
    const nextMonday = await session(wall(2026, 11, 9, 0, 0)); // 05:00 UTC on Nov 9
    expect((await book(api, lastEvening.id, ['Robin'])).status).toBe(201);
    expect((await book(api, nextMonday.id, ['Robin'])).body.message).toBe('Bookings are open for the current week and next week only');
  });
});

describe('around the spring-forward change (Sunday 2026-03-08)', () => {
  it('keeps the week boundary at Toronto midnight', async () => {
    now = torontoTime(2026, 3, 4, 12, 0);
    const api = await parentWith(1);
    const friday = await session(wall(2026, 3, 6, 17));
    const lateSunday = await session(wall(2026, 3, 8, 23, 30));
    const earlyMonday = await session(wall(2026, 3, 9, 0, 15));
    expect((await book(api, friday.id, ['Robin'])).status).toBe(201);
    expect((await book(api, lateSunday.id, ['Robin'])).status).toBe(409);
    expect((await book(api, earlyMonday.id, ['Robin'])).status).toBe(201);
    const stats = await api.get('/api/me/child-stats?week=2026-03-08');
    expect(stats.body).toEqual({
      weekStart: '2026-03-02T05:00:00.000Z',
      children: [{ name: 'Robin', used: 1, limit: 1, remaining: 0, makeupCredits: 0, makeupCreditExpiries: [] }],
    });
  });
});
