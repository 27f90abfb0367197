import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { families, users } from '../db/schema';
import { hashSessionToken } from '../services/auth/session-token';
import { createSession, signInNewParent } from '../test-support/fixtures';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';
import { CALENDAR_FEED_READS_PER_MINUTE, NO_SUCH_CALENDAR } from './calendar-feed';
import { at, NOW } from '../test-support/clock';
import { booked } from '../test-support/bookings';

// Issue 22: the family's calendar feed, through HTTP as a parent and a calendar app would use it. The clock is
// pinned to Wednesday 2026-11-18 12:00 Toronto (booking window Nov 16 to Nov 29) and moved where a test says so;
// the read caches are on as in production, so a reset must take effect at once despite them.
let now: Date = NOW;
const PUBLIC_URL = 'https://portal.example.test';

const { server, classType, clients, userIds } = withApi({
  as: 'admin',
  clock: () => now,
  classType: 'Feed Class',
  env: { READ_CACHE: 'on', PUBLIC_URL, BUSINESS_NAME: 'Test Athletics' },
});

const db = () => server.database.db;
const newSession = (startsAt: Date, location = 'Main Gym') => createSession(db(), { classTypeId: classType.id, startsAt, location });



/** Makes (or resets) the caller's link; returns the answer and the feed's path on this test server. */
async function makeLink(api: ApiClient) {
  const res = await api.post('/api/me/calendar-feed');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { url, webcalUrl, createdAt } = res.body as { url: string; webcalUrl: string; createdAt: string };
  return { url, webcalUrl, createdAt, path: new URL(url).pathname };
}

/** Reads a feed as a calendar app does: no cookie at all. */
const readFeed = (path: string) => new ApiClient(server.baseUrl).get<string>(path);

interface FeedEvent {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  status: string;
}

async function feedEvents(path: string): Promise<FeedEvent[]> {
  const res = await readFeed(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(vevent.getFirstPropertyValue('status')),
    };
  });
}

const userRow = async (id: string) => {
  // The account with its family's columns (plan, CRM identity, feed: issue 31 moved them to families).
  const [row] = await db().select({ user: users, family: families }).from(users).leftJoin(families, eq(families.id, users.familyId)).where(eq(users.id, id));
  return { ...row!.family!, ...row!.user };
};

describe('the calendar feed link (GET, POST, DELETE /api/me/calendar-feed)', () => {
  it('is off at first; POST makes a link under PUBLIC_URL (https and webcal); GET then says on, since when', async () => {
    now = NOW;
    const parent = await signInNewParent(server, [['Ava', 2]]);
    expect((await parent.api.get('/api/me/calendar-feed')).body).toEqual({ active: false, createdAt: null });

    const link = await makeLink(parent.api);
    expect(link.url).toMatch(/^https:\/\/portal\.example\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcalUrl).toBe(link.url.replace('https://', 'webcal://'));
    expect(link.createdAt).toBe(NOW.toISOString());
    const status = await parent.api.get('/api/me/calendar-feed');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ active: true, createdAt: NOW.toISOString() });
    // Neither answer is kept by a browser or a shared cache.
    expect(status.headers.get('cache-control')).toBe('no-store');
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const parent = await signInNewParent(server, [['Ava', 2]]);
    const link = await makeLink(parent.api);
    const token = link.path.replace('/api/calendar/', '').replace(/\.ics$/, '');
    const row = await userRow(parent.id);
    expect(row.calendarFeedHash).toBe(hashSessionToken(token));
    expect(row.calendarFeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.calendarFeedCreatedAt?.toISOString()).toBe(NOW.toISOString());
    // Nor is it in any later answer about the feed.
    expect(JSON.stringify((await parent.api.get('/api/me/calendar-feed')).body)).not.toContain(token);
    expect(JSON.stringify((await parent.api.get('/api/me')).body)).not.toContain(row.calendarFeedHash!);
  });

  it('Reset link: the old address answers 404 at once, the new one works', async () => {
    const parent = await signInNewParent(server, [['Ava', 2]]);
    const session = await newSession(at(3, 17));
    await booked(parent, session.id, ['Ava']);
    const first = await makeLink(parent.api);
    expect(await feedEvents(first.path)).toHaveLength(1);

    now = new Date(NOW.getTime() + 60_000);
    const second = await makeLink(parent.api);
    expect(second.path).not.toBe(first.path);
    const old = await readFeed(first.path);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ message: NO_SUCH_CALENDAR, code: 'NOT_FOUND' });
    expect(await feedEvents(second.path)).toHaveLength(1);
    expect((await parent.api.get('/api/me/calendar-feed')).body).toEqual({ active: true, createdAt: now.toISOString() });
    now = NOW;
  });

  it('DELETE turns the feed off (204): its address answers 404, GET says off; turning off again is fine', async () => {
    const parent = await signInNewParent(server, [['Ava', 2]]);
    const link = await makeLink(parent.api);
    expect((await readFeed(link.path)).status).toBe(200);

    const off = await parent.api.request('DELETE', '/api/me/calendar-feed');
    expect(off.status).toBe(204);
    expect(off.body).toBeNull();
    const gone = await readFeed(link.path);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: NO_SUCH_CALENDAR, code: 'NOT_FOUND' });
    expect((await parent.api.get('/api/me/calendar-feed')).body).toEqual({ active: false, createdAt: null });
    expect((await userRow(parent.id)).calendarFeedHash).toBeNull();
    expect((await parent.api.request('DELETE', '/api/me/calendar-feed')).status).toBe(204);
  });

  it('needs a session (401) and a same-site request for its writes (403), changing nothing', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await anonymous.request(method, '/api/me/calendar-feed');
      expect(res.status, method).toBe(401);
      expect(res.body.message).toBe('Please sign in to continue');
    }
    const parent = await signInNewParent(server, [['Ava', 2]]);
    expect((await parent.api.request('POST', '/api/me/calendar-feed', undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await parent.api.request('POST', '/api/me/calendar-feed', undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await userRow(parent.id)).calendarFeedHash).toBeNull();

    const link = await makeLink(parent.api);
    expect((await parent.api.request('DELETE', '/api/me/calendar-feed', undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await readFeed(link.path)).status).toBe(200);
  });

  it('an administrator has one too: their own bookings, none here (an empty calendar)', async () => {
    const link = await makeLink(clients.admin);
    const res = await readFeed(link.path);
    expect(res.status).toBe(200);
    expect(await feedEvents(link.path)).toEqual([]);
    expect((await userRow(userIds.admin)).calendarFeedHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the feed (GET /api/calendar/<token>.ics)', () => {
  it("lists the family's confirmed bookings as events a calendar app reads, with no cookie", async () => {
    now = NOW;
    const parent = await signInNewParent(server, [['Ava', 2], ['Leo', 2]]);
    const friday = await newSession(at(4, 17, 30), 'Field House');
    const nextTuesday = await newSession(at(8, 9));
    const both = await booked(parent, friday.id, ['Ava', 'Leo']);
    const leo = await booked(parent, nextTuesday.id, ['Leo']);
    const link = await makeLink(parent.api);

    const res = await readFeed(link.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Test Athletics');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');

    const events = await feedEvents(link.path);
    expect(events).toEqual([
      {
        uid: `${both}@northbound-portal`,
        sequence: 0,
        start: '2026-11-20T22:30:00.000Z', // Friday 17:30 EST
        end: '2026-11-20T23:30:00.000Z',
        summary: 'Ava, Leo — Feed Class',
        location: 'Field House',
        description: expect.stringContaining('Children: Ava, Leo'),
        status: 'CONFIRMED',
      },
      {
        uid: `${leo}@northbound-portal`,
        sequence: 0,
        start: '2026-11-24T14:00:00.000Z', // Tuesday 09:00 EST
        end: '2026-11-24T15:00:00.000Z',
        summary: 'Leo — Feed Class',
        location: 'Main Gym',
        description: expect.stringContaining(`Booking reference: #NB-${leo.slice(-8).toUpperCase()}`),
        status: 'CONFIRMED',
      },
    ]);
    // A HEAD (some calendar apps check first) answers like the GET, without the body.
    const head = await fetch(server.baseUrl + link.path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  });

  it('follows the changes: a cancelled booking leaves it, a rescheduled one moves (same UID, higher SEQUENCE)', async () => {
    now = NOW;
    const parent = await signInNewParent(server, [['Ava', 3]]);
    const thursday = await newSession(at(3, 18));
    const saturday = await newSession(at(5, 10));
    const sunday = await newSession(at(6, 11));
    const cancelled = await booked(parent, thursday.id, ['Ava']);
    const moved = await booked(parent, saturday.id, ['Ava']);
    const link = await makeLink(parent.api);
    expect((await feedEvents(link.path)).map((e) => e.uid)).toEqual([`${cancelled}@northbound-portal`, `${moved}@northbound-portal`]);

    expect((await parent.api.post(`/api/bookings/${cancelled}/cancel`)).status).toBe(200);
    const afterCancel = await feedEvents(link.path);
    expect(afterCancel.map((e) => e.uid)).toEqual([`${moved}@northbound-portal`]);
    const before = afterCancel[0]!;

    expect((await parent.api.post(`/api/bookings/${moved}/reschedule`, { newSessionId: sunday.id })).status).toBe(200);
    const [after, ...rest] = await feedEvents(link.path);
    expect(rest).toEqual([]);
    expect(after!.uid).toBe(before.uid);
    expect(after!.sequence).toBeGreaterThan(before.sequence);
    expect(after!.start).toBe(sunday.startsAt.toISOString());
    expect(after!.start).toBe('2026-11-22T16:00:00.000Z'); // Sunday 11:00 EST
  });

  it('keeps the last 30 days (Toronto days) of past bookings and drops older ones', async () => {
    const parent = await signInNewParent(server, [['Ava', 7]]);
    // Booked back then, as the family would have (the clock is moved back for it).
    const longAgo = await newSession(at(-35, 17)); // Monday Oct 12: before the 30 days (from Oct 19)
    const monthAgo = await newSession(at(-27, 17)); // Tuesday Oct 20: inside them
    now = at(-36, 12);
    const old = await booked(parent, longAgo.id, ['Ava']);
    now = at(-28, 12);
    const recent = await booked(parent, monthAgo.id, ['Ava']);
    now = NOW;
    const link = await makeLink(parent.api);
    expect((await feedEvents(link.path)).map((e) => e.uid)).toEqual([`${recent}@northbound-portal`]);
    expect(old).not.toBe(recent);
  });

  it("never shows another family's bookings", async () => {
    now = NOW;
    const parent = await signInNewParent(server, [['Ava', 2]]);
    const other = await signInNewParent(server, [['Zed', 2]]);
    const session = await newSession(at(4, 8));
    const mine = await booked(parent, session.id, ['Ava']);
    const theirs = await booked(other, session.id, ['Zed']);
    const myLink = await makeLink(parent.api);
    const theirLink = await makeLink(other.api);
    expect((await feedEvents(myLink.path)).map((e) => e.uid)).toEqual([`${mine}@northbound-portal`]);
    expect((await feedEvents(theirLink.path)).map((e) => e.uid)).toEqual([`${theirs}@northbound-portal`]);
    // Another family's cookie changes nothing: the address alone decides whose calendar it is.
    const withOtherCookie = await other.api.get<string>(myLink.path);
    expect(withOtherCookie.body).toContain(`${mine}@northbound-portal`);
    expect(withOtherCookie.body).not.toContain(theirs);
  });

  it('answers the same 404 JSON for an unknown, malformed, reset or turned-off token and a closed or deactivated account', async () => {
    const expect404 = async (path: string) => {
      const res = await readFeed(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: NO_SUCH_CALENDAR, code: 'NOT_FOUND' });
      expect(res.headers.get('content-type'), path).toContain('application/json');
    };
    await expect404(`/api/calendar/${'A'.repeat(43)}.ics`);
    await expect404('/api/calendar/short.ics');
    await expect404(`/api/calendar/${'A'.repeat(43)}`);
    await expect404(`/api/calendar/${'A'.repeat(43)}.ical`);
    await expect404(`/api/calendar/${'A'.repeat(44)}.ics`);

    const closed = await signInNewParent(server, [['Ava', 2]]);
    const closedLink = await makeLink(closed.api);
    expect((await readFeed(closedLink.path)).status).toBe(200);
    expect((await clients.admin.request('DELETE', `/api/admin/users/${closed.id}`)).status).toBe(200);
    await expect404(closedLink.path);

    const deactivated = await signInNewParent(server, [['Ava', 2]]);
    const deactivatedLink = await makeLink(deactivated.api);
    expect((await clients.admin.request('PATCH', `/api/admin/users/${deactivated.id}`, { isActive: false })).status).toBe(200);
    await expect404(deactivatedLink.path);
  });

  // Issue 29, item 6: deactivating removes the link, as it ends the sign-ins; switching back on revives neither.
  it('a deactivated account loses its link: switched on again, the old link stays 404 and the family makes a new one', async () => {
    now = NOW;
    const family = await signInNewParent(server, [['Ava', 2]]);
    await booked(family, (await newSession(at(3, 17))).id, ['Ava']);
    const old = await makeLink(family.api);
    expect((await readFeed(old.path)).status).toBe(200);

    expect((await clients.admin.request('PATCH', `/api/admin/users/${family.id}`, { isActive: false })).status).toBe(200);
    expect(await userRow(family.id)).toMatchObject({ calendarFeedHash: null, calendarFeedCreatedAt: null });
    expect((await clients.admin.request('PATCH', `/api/admin/users/${family.id}`, { isActive: true })).status).toBe(200);
    expect((await readFeed(old.path)).status).toBe(404);

    const again = new ApiClient(server.baseUrl);
    await again.login(family.email, family.password);
    expect((await again.get('/api/me/calendar-feed')).body).toEqual({ active: false, createdAt: null });
    const fresh = await makeLink(again);
    expect(await feedEvents(fresh.path)).toHaveLength(1);
    expect((await readFeed(old.path)).status).toBe(404);
  });

  it(`allows ${CALENDAR_FEED_READS_PER_MINUTE} reads of one address a minute, then 429 for that address only`, async () => {
    const parent = await signInNewParent(server, [['Ava', 2]]);
    const link = await makeLink(parent.api);
    const other = await signInNewParent(server, [['Zed', 2]]);
    const otherLink = await makeLink(other.api);
    for (let i = 0; i < CALENDAR_FEED_READS_PER_MINUTE; i++) expect((await readFeed(link.path)).status).toBe(200);
    const refused = await new ApiClient(server.baseUrl).get(link.path);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^This calendar feed was read too often\. Try again in \d+ seconds?\.$/);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await readFeed(otherLink.path)).status).toBe(200);
  });
});
