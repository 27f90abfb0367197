import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { signInNewParent } from '../test-support/fixtures';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

// Issue 21: the parent's switch for the booking reminders (the user menu). The read caches are on as in
// production (READ_CACHE=on): GET /api/me is cached, and the switch must drop it.
const { server } = withApi({ env: { READ_CACHE: 'on' } });

const db = () => server.database.db;
const remindersOf = async (userId: string) => (await db().select().from(users).where(eq(users.id, userId)))[0]!.bookingReminders;

describe('PATCH /api/me/preferences', () => {
  it('switches the booking reminders off and on again; GET /api/me says so at once', async () => {
    const parent = await signInNewParent(server, [['Ava', 2]]);
    expect((await parent.api.get('/api/me')).body.bookingReminders).toBe(true);
    // The answer is cached: a change nobody announces (its topics noted, never sent) is not seen yet.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.defer_announcements', 'on', true)`);
      await tx.update(users).set({ bookingReminders: false }).where(eq(users.id, parent.id));
    });
    expect((await parent.api.get('/api/me')).body.bookingReminders).toBe(true);
    await db().update(users).set({ bookingReminders: true }).where(eq(users.id, parent.id)); // announced
    expect((await parent.api.get('/api/me')).body.bookingReminders).toBe(true);

    const off = await parent.api.request('PATCH', '/api/me/preferences', { bookingReminders: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ bookingReminders: false });
    expect(await remindersOf(parent.id)).toBe(false);
    expect((await parent.api.get('/api/me')).body.bookingReminders).toBe(false);

    const on = await parent.api.request('PATCH', '/api/me/preferences', { bookingReminders: true });
    expect(on.body).toEqual({ bookingReminders: true });
    expect(await remindersOf(parent.id)).toBe(true);
    expect((await parent.api.get('/api/me')).body.bookingReminders).toBe(true);
  });

  it("changes only the caller's own switch, whatever the body names", async () => {
    const parent = await signInNewParent(server, [['Ava', 2]]);
    const other = await signInNewParent(server, [['Zed', 2]]);
    const res = await parent.api.request('PATCH', '/api/me/preferences', { bookingReminders: false, userId: other.id, id: other.id, role: 'ADMIN' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookingReminders: false });
    expect(await remindersOf(parent.id)).toBe(false);
    expect(await remindersOf(other.id)).toBe(true);
    expect((await db().select().from(users).where(eq(users.id, parent.id)))[0]!.role).toBe('PARENT');
  });

  it('refuses a body that is not a true or false switch with a 400, changing nothing', async () => {
    const parent = await signInNewParent(server, [['Ava', 2]]);
    for (const body of [{}, { bookingReminders: 'false' }, { bookingReminders: 0 }, { bookingReminders: null }, [], 'off', 42, null]) {
      const res = await parent.api.request('PATCH', '/api/me/preferences', JSON.stringify(body), { 'content-type': 'application/json' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message, JSON.stringify(body)).toBe('string');
    }
    const missing = await parent.api.request('PATCH', '/api/me/preferences', {});
    expect(missing.body.message).toBe('bookingReminders: bookingReminders must be true or false');
    const notJson = await parent.api.request('PATCH', '/api/me/preferences', 'bookingReminders=false', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect(await remindersOf(parent.id)).toBe(true);
  });

  it('needs a session (401) and a same-site request (403), changing nothing', async () => {
    const anonymous = await new ApiClient(server.baseUrl).request('PATCH', '/api/me/preferences', { bookingReminders: false });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Please sign in to continue');

    const parent = await signInNewParent(server, [['Ava', 2]]);
    const crossSite = await parent.api.request('PATCH', '/api/me/preferences', { bookingReminders: false }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const fetchSite = await parent.api.request('PATCH', '/api/me/preferences', { bookingReminders: false }, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
    expect(await remindersOf(parent.id)).toBe(true);
    const sameSite = await parent.api.request('PATCH', '/api/me/preferences', { bookingReminders: false }, { origin: server.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(sameSite.status).toBe(200);
    expect(await remindersOf(parent.id)).toBe(false);
  });
});
