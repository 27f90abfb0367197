import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_INVALID, BIRTH_DATE_TOO_OLD, SEX_INVALID } from '../../../shared/rules/child-details';
import { torontoTime } from '../../../shared/rules/week';
import { bookingChildren, bookings, children } from '../../db/schema';
import { createClassType, createSession } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 22: a child's optional date of birth and sex, through the admin users API, the family page and /api/me.
// The server's clock is pinned to Wednesday 2026-11-18 12:00 Toronto; the dates of birth are checked against the
// real today (the form's rule: a date in the past, at most 25 years ago).
const {
  server,
  clients: { admin, parent2 },
} = withApi({ as: ['admin', 'parent2'], clock: () => NOW, env: { ADMIN_SESSION_IDLE_MINUTES: '129600' } });

const db = () => server.database.db;
let counter = 0;
const uniqueEmail = () => `details-${++counter}-${Date.now()}@example.com`;
const failure = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const childRows = (userId: string) => db().select().from(children).where(eq(children.familyId, userId)).orderBy(asc(children.position));
const details = async (userId: string) =>
  (await childRows(userId)).filter((row) => !row.removedAt).map(({ name, birthDate, sex }) => ({ name, birthDate, sex }));
const patch = (id: string, body: unknown) => admin.request('PATCH', `/api/admin/users/${id}`, body);

async function createFamily(body: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await admin.post('/api/admin/users', {
    firstName: 'Nora',
    lastName: 'Lind',
    email,
    password: 'family-pass-1',
    firstChildName: 'Ines',
    firstChildBirthDate: '2016-05-04',
    firstChildSex: 'F',
    secondChildName: 'Omar',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, email, body: res.body };
}

describe("children's date of birth and sex (issue 22)", () => {
  it('stores them on create only where given, and shows them to the office (the user, the family page)', async () => {
    const family = await createFamily();
    expect(family.body.children).toEqual([
      { id: expect.any(String), name: 'Ines', weeklyLimit: 1, birthDate: '2016-05-04', sex: 'F' },
      { id: expect.any(String), name: 'Omar', weeklyLimit: 1, birthDate: null, sex: null },
    ]);
    expect(family.body).toMatchObject({ firstChildBirthDate: '2016-05-04', firstChildSex: 'F', secondChildBirthDate: null, secondChildSex: null });
    expect(await details(family.id)).toEqual([
      { name: 'Ines', birthDate: '2016-05-04', sex: 'F' },
      { name: 'Omar', birthDate: null, sex: null },
    ]);
    const page = await admin.get(`/api/admin/users/${family.id}`);
    expect(page.status).toBe(200);
    expect(page.body.children.map((c: Record<string, unknown>) => [c.name, c.birthDate, c.sex])).toEqual([
      ['Ines', '2016-05-04', 'F'],
      ['Omar', null, null],
    ]);
  });

  it('keeps them when an edit leaves them out (a rename, a new limit, another field), clears them with null or blank, sets a value', async () => {
    const family = await createFamily();
    expect((await patch(family.id, { firstChildName: 'Inez', firstChildWeeklyLimit: 3, lastName: 'Lindt' })).status).toBe(200);
    expect(await details(family.id)).toEqual([
      { name: 'Inez', birthDate: '2016-05-04', sex: 'F' },
      { name: 'Omar', birthDate: null, sex: null },
    ]);
    const set = await patch(family.id, { secondChildBirthDate: '2014-02-28', secondChildSex: 'M' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ secondChildBirthDate: '2014-02-28', secondChildSex: 'M', firstChildBirthDate: '2016-05-04' });
    const cleared = await patch(family.id, { firstChildBirthDate: null, firstChildSex: '', secondChildBirthDate: '' });
    expect(cleared.status).toBe(200);
    expect(await details(family.id)).toEqual([
      { name: 'Inez', birthDate: null, sex: null },
      { name: 'Omar', birthDate: null, sex: 'M' },
    ]);
    // A new child in an empty slot takes what the slot gives; a date for a slot with no child changes nothing.
    expect((await patch(family.id, { thirdChildName: 'Tess', thirdChildSex: 'F', fourthChildBirthDate: '2015-01-01' })).status).toBe(200);
    expect(await details(family.id)).toEqual([
      { name: 'Inez', birthDate: null, sex: null },
      { name: 'Omar', birthDate: null, sex: 'M' },
      { name: 'Tess', birthDate: null, sex: 'F' },
    ]);
  });

  it('refuses a date that is not real, in the future or more than 25 years ago, and a sex other than F or M (400)', async () => {
    const family = await createFamily();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [body, message] of [
      [{ firstChildBirthDate: '2016-02-30' }, BIRTH_DATE_INVALID],
      [{ firstChildBirthDate: '04/05/2016' }, BIRTH_DATE_INVALID],
      [{ firstChildBirthDate: tomorrow }, BIRTH_DATE_INVALID],
      [{ firstChildBirthDate: 20160504 }, BIRTH_DATE_INVALID],
      [{ firstChildBirthDate: '1990-01-01' }, BIRTH_DATE_TOO_OLD],
      [{ firstChildSex: 'X' }, SEX_INVALID],
      [{ firstChildSex: 'female' }, SEX_INVALID],
      [{ firstChildSex: 1 }, SEX_INVALID],
    ] as const) {
      // Validation names the field first, as for every field ('firstChildBirthDate: Date of birth must be …').
      expect(failure(await patch(family.id, body)), JSON.stringify(body)).toEqual({ status: 400, message: `${Object.keys(body)[0]}: ${message}` });
    }
    expect(failure(await admin.post('/api/admin/users', { firstName: 'A', lastName: 'B', email: uniqueEmail(), firstChildName: 'C', firstChildBirthDate: '2016-13-01' }))).toEqual({
      status: 400,
      message: `firstChildBirthDate: ${BIRTH_DATE_INVALID}`,
    });
    expect(await details(family.id)).toEqual([
      { name: 'Ines', birthDate: '2016-05-04', sex: 'F' },
      { name: 'Omar', birthDate: null, sex: null },
    ]);
  });

  it("shows a parent their own children's values in /api/me, and no other family's anywhere a parent reads", async () => {
    const family = await createFamily({ firstChildBirthDate: '2013-03-09', secondChildSex: 'M' });
    const own = new ApiClient(server.baseUrl);
    await own.login(family.email, 'family-pass-1');
    const me = await own.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.children).toEqual([
      { name: 'Ines', weeklyLimit: 1, birthDate: '2013-03-09', sex: 'F' },
      { name: 'Omar', weeklyLimit: 1, birthDate: null, sex: 'M' },
    ]);
    expect(me.body).toMatchObject({ firstChildBirthDate: '2013-03-09', firstChildSex: 'F', secondChildSex: 'M' });

    // The family books a session; another parent reads the calendar (the session's booked names are never there),
    // their own /api/me and bookings: nothing of this family's children.
    const classType = await createClassType(db());
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: new Date(torontoTime(2026, 11, 20, 17).getTime()) });
    const [booking] = await db().insert(bookings).values({ familyId: family.id, sessionId: session.id, createdAt: NOW }).returning();
    const kids = await childRows(family.id);
    await db()
      .insert(bookingChildren)
      .values(kids.map((kid, position) => ({ bookingId: booking!.id, childId: kid.id, childName: kid.name, position })));
    for (const path of ['/api/me', '/api/sessions?from=2026-11-16&to=2026-11-29', '/api/me/bookings', '/api/me/waitlist', '/api/classes']) {
      const res = await parent2.get(path);
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toMatch(/2013-03-09|Ines|Omar/);
    }
    // The family's own bookings carry names only.
    const mine = await own.get('/api/me/bookings');
    expect(JSON.stringify(mine.body)).not.toMatch(/2013-03-09|birthDate|"sex"/);
  });
});
