import { accountRows } from '../../test-support/account-row';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { torontoTime } from '../../../shared/rules/week';
import { authSessions, bookingChildren, bookings, children, users } from '../../db/schema';
import { createClassType, createParent, createSession } from '../../test-support/fixtures';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// The admin users API through real HTTP, with the server's clock pinned to Wednesday 2026-11-18 12:00
// Toronto (the booking window is Monday Nov 16 to Sunday Nov 29) and a real SMTP sink.
const toronto = (month: number, day: number, hour: number, minute = 0) => new Date(torontoTime(2026, month, day, hour, minute).getTime());

let now = NOW;
const {
  server,
  smtp,
  clients: { admin, owner },
  userIds,
} = withApi({ as: ['admin', 'owner'], smtp: true, clock: () => now, env: { ADMIN_SESSION_IDLE_MINUTES: '129600', BUSINESS_NAME: 'Test Athletics', PUBLIC_URL: 'https://portal.test' } });

beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const patch = (api: ApiClient, id: string, body: unknown) => api.request('PATCH', `/api/admin/users/${id}`, body);
const del = (api: ApiClient, id: string) => api.request('DELETE', `/api/admin/users/${id}`);
const changePassword = (api: ApiClient, id: string, newPassword: unknown) =>
  api.request('PUT', `/api/admin/users/${id}/change-password`, { newPassword });
const failure = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const noSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|password_hash|tokenHash/i);
let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}-${++counter}-${Date.now()}@example.com`;

async function createUser(body: Record<string, unknown>) {
  const res = await admin.post('/api/admin/users', { firstName: 'Nora', lastName: 'Lind', email: uniqueEmail(), password: 'family-pass-1', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  noSecrets(res.body);
  return res.body;
}
async function signIn(email: string, password: string) {
  const api = new ApiClient(server.baseUrl);
  await api.login(email, password);
  return api;
}
const childRows = (userId: string) => db().select().from(children).where(eq(children.familyId, userId)).orderBy(asc(children.position));
const userRow = async (id: string) => (await accountRows(db(), eq(users.id, id)))[0]!;

/** A bookable session this week (Friday 17:00 Toronto by default). */
async function futureSession(startsAt = toronto(11, 20, 17)) {
  const classType = await createClassType(db());
  return createSession(db(), { classTypeId: classType.id, startsAt });
}
/** A booking in a session that has already started (written to the database, the API cannot book the past). */
async function pastBooking(userId: string, kids: Array<{ id: string; name: string }>, startsAt = toronto(11, 16, 17)) {
  const session = await futureSession(startsAt);
  const [booking] = await db().insert(bookings).values({ familyId: userId, sessionId: session.id, createdAt: toronto(11, 10, 9) }).returning();
  await db()
    .insert(bookingChildren)
    .values(kids.map((kid, position) => ({ bookingId: booking!.id, childId: kid.id, childName: kid.name, position })));
  return booking!;
}

describe('GET /api/admin/users', () => {
  it('pages live users ordered by last name then first name, with total and totalPages, never a hash', async () => {
    const all = await admin.get('/api/admin/users?limit=100');
    expect(all.status).toBe(200);
    noSecrets(all.body);
    const total = all.body.total;
    expect(total).toBe(all.body.users.length);
    const names = all.body.users.map((u: { lastName: string; firstName: string }) => `${u.lastName.toLowerCase()} ${u.firstName.toLowerCase()}`);
    expect(names).toEqual([...names].sort());
    expect(all.body.users.find((u: { email: string }) => u.email === 'parent@example.com')).toMatchObject({
      firstName: 'Priya',
      lastName: 'Patel',
      role: 'PARENT',
      passwordSet: true,
      children: [
        { id: expect.any(String), name: 'Ava', weeklyLimit: 2 },
        { id: expect.any(String), name: 'Leo', weeklyLimit: 1 },
      ],
      firstChildName: 'Ava',
      secondChildName: 'Leo',
      thirdChildName: null,
      firstChildWeeklyLimit: 2,
      secondChildWeeklyLimit: 1,
      fourthChildWeeklyLimit: null,
    });
    expect(all.body.users.find((u: { email: string }) => u.email === 'owner@example.com').role).toBe('SUPER_ADMIN');

    const page2 = await admin.get('/api/admin/users?page=2&limit=5');
    expect(page2.body).toMatchObject({ page: 2, limit: 5, total, totalPages: Math.ceil(total / 5) });
    expect(page2.body.users.map((u: { id: string }) => u.id)).toEqual(all.body.users.slice(5, 10).map((u: { id: string }) => u.id));
    // The default page size is 25; a page past the end is empty.
    expect((await admin.get('/api/admin/users')).body).toMatchObject({ page: 1, limit: 25 });
    expect((await admin.get('/api/admin/users?page=99&limit=5')).body.users).toEqual([]);
  });

  it('refuses bad paging values', async () => {
    expect(failure(await admin.get('/api/admin/users?limit=101'))).toEqual({ status: 400, message: 'limit: limit cannot exceed 100' });
    expect(failure(await admin.get('/api/admin/users?page=0'))).toEqual({ status: 400, message: 'page: page must be at least 1' });
  });

  it('searches first name, last name, full name, email and child names, without case, on the server', async () => {
    const a = await createUser({ firstName: 'Quentin', lastName: 'Zyxwood', email: 'q.zyx@Search.Test', firstChildName: 'Bramblepaw' });
    const b = await createUser({ firstName: 'Anneke', lastName: 'Zyxwood', email: uniqueEmail('anneke') });
    const c = await createUser({ firstName: 'Xavi', lastName: 'Ortega', email: uniqueEmail('xavi'), secondChildName: 'Quillon' });
    const search = async (term: string, extra = '') => {
      const res = await admin.get(`/api/admin/users?search=${encodeURIComponent(term)}${extra}`);
      expect(res.status).toBe(200);
      noSecrets(res.body);
      return res.body;
    };
    const idsOf = (body: { users: Array<{ id: string }> }) => body.users.map((u) => u.id);

    // Last name, any case; ordered by last name then first name.
    expect(idsOf(await search('zYXWOOD'))).toEqual([b.id, a.id]);
    expect(idsOf(await search('quentin'))).toEqual([a.id]);
    expect(idsOf(await search('Quentin Zyxwood'))).toEqual([a.id]);
    expect(idsOf(await search('  quentin   zyxwood '))).toEqual([a.id]);
    expect(idsOf(await search('Q.ZYX@search'))).toEqual([a.id]);
    expect(idsOf(await search('bramblePAW'))).toEqual([a.id]);
    expect(idsOf(await search('quillon'))).toEqual([c.id]);
    // 'qu' is in Quentin and in the child Quillon.
    expect(idsOf(await search('qu')).filter((id) => [a.id, b.id, c.id].includes(id))).toEqual([c.id, a.id]);
    // Paged search: total counts every match.
    const paged = await search('zyxwood', '&limit=1&page=2');
    expect(paged).toMatchObject({ total: 2, totalPages: 2, page: 2 });
    expect(idsOf(paged)).toEqual([a.id]);
    // LIKE wildcards are matched literally.
    expect((await search('%')).total).toBe(0);
    expect((await search('z_xwood')).total).toBe(0);
    expect((await search('nobody-has-this-name')).users).toEqual([]);
  });
});

describe('POST /api/admin/users', () => {
  it('creates a parent with children by slot: blank names ignored, limits default to 1, a typed password stored as argon2id', async () => {
    const email = uniqueEmail('Create');
    const res = await admin.post('/api/admin/users', {
      firstName: '  Nora ',
      lastName: 'Lind',
      email: `  ${email.toUpperCase()} `,
      password: 'family-pass-1',
      firstChildName: 'Ella',
      firstChildWeeklyLimit: 3,
      secondChildName: '   ',
      secondChildWeeklyLimit: 5,
      thirdChildName: 'Max',
      fourthChildName: '',
    });
    expect(res.status).toBe(201);
    noSecrets(res.body);
    expect(res.body).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: 'Nora',
      lastName: 'Lind',
      role: 'PARENT',
      planTier: 'ONE',
      weeklyLimit: 1,
      passwordSet: true,
      isActive: true,
      children: [
        { id: expect.any(String), name: 'Ella', weeklyLimit: 3, birthDate: null, sex: null },
        { id: expect.any(String), name: 'Max', weeklyLimit: 1, birthDate: null, sex: null },
      ],
      firstChildName: 'Ella',
      secondChildName: null,
      thirdChildName: 'Max',
      fourthChildName: null,
      firstChildWeeklyLimit: 3,
      secondChildWeeklyLimit: null,
      thirdChildWeeklyLimit: 1,
      fourthChildWeeklyLimit: null,
      firstChildBirthDate: null,
      secondChildBirthDate: null,
      thirdChildBirthDate: null,
      fourthChildBirthDate: null,
      firstChildSex: null,
      secondChildSex: null,
      thirdChildSex: null,
      fourthChildSex: null,
      createdAt: NOW.toISOString(),
    });
    expect((await childRows(res.body.id)).map((c) => [c.position, c.name, c.weeklyLimit])).toEqual([
      [1, 'Ella', 3],
      [3, 'Max', 1],
    ]);
    expect((await userRow(res.body.id)).passwordHash).toMatch(/^\$argon2id\$/);
    const parent = await signIn(email, 'family-pass-1');
    expect((await parent.get('/api/me')).body).toMatchObject({ firstName: 'Nora', firstChildName: 'Ella', thirdChildName: 'Max' });
    // No welcome link when the office typed a password.
    expect(smtp.messages.some((m) => m.to?.some((t) => t.address === email.toLowerCase()))).toBe(false);
  });

  it('creates an ADMIN, with a plan tier and weekly sessions value', async () => {
    const body = await createUser({ role: 'ADMIN', planTier: 'THREE', weeklyLimit: 4 });
    expect(body).toMatchObject({ role: 'ADMIN', planTier: 'THREE', weeklyLimit: 4, children: [] });
  });

  it('answers each invalid field with the spec 5 message and creates nothing', async () => {
    const email = uniqueEmail('invalid');
    const valid = { firstName: 'Nora', lastName: 'Lind', email };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, firstName: undefined }, 'firstName: First name is required'],
      [{ ...valid, firstName: '   ' }, 'firstName: First name is required'],
      [{ ...valid, lastName: '' }, 'lastName: Last name is required'],
      [{ ...valid, email: 'not-an-email' }, 'email: Valid email is required'],
      [{ ...valid, email: undefined }, 'email: Valid email is required'],
      [{ ...valid, password: '12345' }, 'password: Password must be at least 6 characters'],
      [{ ...valid, role: 'SUPER_ADMIN' }, 'role: Role is required'],
      [{ ...valid, role: 'OWNER' }, 'role: Role is required'],
      [{ ...valid, firstChildName: 'Ella', firstChildWeeklyLimit: 0 }, 'firstChildWeeklyLimit: Weekly limit must be at least 1'],
      [{ ...valid, firstChildName: 'Ella', firstChildWeeklyLimit: 8 }, 'firstChildWeeklyLimit: Weekly limit cannot exceed 7'],
      [{ ...valid, secondChildWeeklyLimit: 2.5 }, 'secondChildWeeklyLimit: Weekly limit must be a whole number from 1 to 7'],
      [{ ...valid, weeklyLimit: 9 }, 'weeklyLimit: Weekly limit cannot exceed 7'],
      [{ ...valid, firstChildName: 'Ella', secondChildName: 'ELLA' }, 'secondChildName: Each child needs a different name: "Ella" and "ELLA" name the same child'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/admin/users', body);
      expect(failure(res), JSON.stringify(body)).toEqual({ status: 400, message });
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses an email already used, whatever its case (409)', async () => {
    const res = await admin.post('/api/admin/users', { firstName: 'A', lastName: 'B', email: 'PARENT@Example.com', password: 'secret-1' });
    expect(failure(res)).toEqual({ status: 409, message: 'A user with this email already exists' });
  });

  it('without a password: no usable password, and a welcome email whose link works once', async () => {
    const email = uniqueEmail('welcome');
    const res = await admin.post('/api/admin/users', { firstName: 'Wren', lastName: 'Hale', email, password: '', firstChildName: 'Ivy' });
    expect(res.status).toBe(201);
    expect(res.body.passwordSet).toBe(false);
    expect((await userRow(res.body.id)).passwordHash).toBeNull();
    // Nobody can sign in to it, not even with an empty-looking guess.
    const anonymous = new ApiClient(server.baseUrl);
    expect(failure(await anonymous.post('/api/auth/login', { email, password: 'anything' }))).toEqual({
      status: 401,
      message: 'Invalid email or password',
    });

    const mail = await smtp.waitForMail(email, 'Welcome to Test Athletics');
    expect(mail.text).toContain('Hello Wren,');
    expect(mail.text).toMatch(/works once and for 72 hours/);
    const token = /https:\/\/portal\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await anonymous.get(`/api/auth/set-password?token=${token}`)).body).toEqual({ firstName: 'Wren', email });

    const used = await anonymous.post('/api/auth/set-password', { token, newPassword: 'chosen-pass-1' });
    expect(used.status).toBe(200);
    expect(used.body.user).toMatchObject({ email, firstName: 'Wren', firstChildName: 'Ivy' });
    expect((await anonymous.get('/api/me')).status).toBe(200);
    expect((await userRow(res.body.id)).passwordHash).toMatch(/^\$argon2id\$/);
    const listed = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
    expect(listed.body.users[0].passwordSet).toBe(true);

    const again = await new ApiClient(server.baseUrl).post('/api/auth/set-password', { token, newPassword: 'another-pass-1' });
    expect(failure(again)).toEqual({ status: 410, message: 'This link has expired or was already used. Please ask our office for a new one.' });
    await signIn(email, 'chosen-pass-1');
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('changes only the fields sent; the email stays unique without case', async () => {
    const user = await createUser({ firstName: 'Old', firstChildName: 'Ella', firstChildWeeklyLimit: 2 });
    const res = await patch(admin, user.id, { firstName: 'New', planTier: 'TWO', firstChildWeeklyLimit: 4 });
    expect(res.status).toBe(200);
    noSecrets(res.body);
    expect(res.body).toMatchObject({ firstName: 'New', lastName: 'Lind', email: user.email, planTier: 'TWO', firstChildName: 'Ella', firstChildWeeklyLimit: 4 });
    expect(failure(await patch(admin, user.id, { email: 'Parent2@EXAMPLE.com' }))).toEqual({
      status: 409,
      message: 'A user with this email already exists',
    });
    // Its own address in another case is fine.
    expect((await patch(admin, user.id, { email: user.email.toUpperCase() })).body.email).toBe(user.email);
    expect(failure(await patch(admin, user.id, { firstChildWeeklyLimit: 8 }))).toEqual({
      status: 400,
      message: 'firstChildWeeklyLimit: Weekly limit cannot exceed 7',
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(failure(await patch(admin, crypto.randomUUID(), { firstName: 'X' }))).toEqual({ status: 404, message: 'User not found' });
    expect(failure(await patch(admin, 'not-a-uuid', { firstName: 'X' }))).toEqual({ status: 404, message: 'User not found' });
  });

  it('renaming a child keeps the same child: their bookings and weekly count stay with them', async () => {
    const parent = await createParent(db(), [['Ava', 1]]);
    const api = await signIn(parent.email, parent.password);
    const friday = await futureSession(toronto(11, 20, 17));
    const booked = await api.post('/api/bookings', { sessionId: friday.id, childNames: ['Ava'] });
    expect(booked.status).toBe(201);
    const [ava] = await childRows(parent.id);

    const res = await patch(admin, parent.id, { firstChildName: 'Ava-Rose' });
    expect(res.status).toBe(200);
    expect(res.body.children).toEqual([{ id: ava!.id, name: 'Ava-Rose', weeklyLimit: 1, birthDate: null, sex: null }]);
    // The booking keeps the name it was made with and is still the family's.
    const mine = await api.get('/api/me/bookings');
    expect(mine.body.map((b: { id: string; childNames: string[] }) => [b.id, b.childNames])).toEqual([[booked.body.id, ['Ava']]]);
    // The weekly count follows the child: the renamed child has used this week's one session.
    const stats = await api.get('/api/me/child-stats');
    expect(stats.body.children).toEqual([{ name: 'Ava-Rose', used: 1, limit: 1, remaining: 0, makeupCredits: 0, makeupCreditExpiries: [] }]);
    const saturday = await futureSession(toronto(11, 21, 10));
    expect(failure(await api.post('/api/bookings', { sessionId: saturday.id, childNames: ['Ava-Rose'] }))).toEqual({
      status: 409,
      message: 'Ava-Rose has reached the weekly limit of 1 session for that week',
    });
    expect((await api.post('/api/bookings', { sessionId: saturday.id, childNames: ['Ava'] })).status).toBe(400);
  });

  it('refuses to remove a child with an upcoming booking, naming the child', async () => {
    const parent = await createParent(db(), [
      ['Ava', 2],
      ['Leo', 2],
    ]);
    const api = await signIn(parent.email, parent.password);
    const friday = await futureSession();
    expect((await api.post('/api/bookings', { sessionId: friday.id, childNames: ['Leo'] })).status).toBe(201);
    for (const removal of [{ secondChildName: '' }, { secondChildName: null }]) {
      expect(failure(await patch(admin, parent.id, removal))).toEqual({
        status: 409,
        message: 'Leo has 1 upcoming booking; cancel it before removing this child',
      });
    }
    expect((await childRows(parent.id)).map((c) => [c.name, c.removedAt])).toEqual([
      ['Ava', null],
      ['Leo', null],
    ]);
    // Nothing else in the request was applied either.
    expect(failure(await patch(admin, parent.id, { firstName: 'Changed', secondChildName: '' })).status).toBe(409);
    expect((await userRow(parent.id)).firstName).toBe('Test');
  });

  it('removes a child with only past bookings; the past booking stays in the reservations report', async () => {
    const parent = await createParent(db(), [
      ['Ava', 2],
      ['Leo', 2],
    ]);
    const [ava, leo] = await childRows(parent.id);
    const past = await pastBooking(parent.id, [leo!]);
    const api = await signIn(parent.email, parent.password);

    const res = await patch(admin, parent.id, { secondChildName: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ children: [{ id: ava!.id, name: 'Ava', weeklyLimit: 2 }], secondChildName: null });
    expect((await childRows(parent.id)).find((c) => c.id === leo!.id)!.removedAt).not.toBeNull();

    const report = await admin.get('/api/admin/reservations');
    expect(report.body.find((b: { id: string }) => b.id === past.id)).toMatchObject({
      childNames: ['Leo'],
      user: { firstName: 'Test', lastName: 'Parent', email: parent.email },
    });
    expect((await api.get('/api/me/bookings')).body.map((b: { id: string }) => b.id)).toEqual([past.id]);
    // The family no longer has Leo: not in /api/me, the child stats or the booking rules; search skips him.
    expect((await api.get('/api/me')).body).toMatchObject({ firstChildName: 'Ava', secondChildName: null, children: [{ name: 'Ava', weeklyLimit: 2 }] });
    expect((await api.get('/api/me/child-stats')).body.children.map((c: { name: string }) => c.name)).toEqual(['Ava']);
    const friday = await futureSession();
    expect(failure(await api.post('/api/bookings', { sessionId: friday.id, childNames: ['Leo'] }))).toEqual({
      status: 400,
      message: '"Leo" is not one of your children',
    });
    const search = await admin.get(`/api/admin/users?search=${encodeURIComponent(parent.email)}`);
    expect(search.body.users[0].children.map((c: { name: string }) => c.name)).toEqual(['Ava']);

    // A child of the same name can be added to the slot again: a new child, the old bookings stay with the old one.
    const readded = await patch(admin, parent.id, { secondChildName: 'Leo', secondChildWeeklyLimit: 3 });
    expect(readded.status).toBe(200);
    expect(readded.body.children[1]).toEqual({ id: expect.any(String), name: 'Leo', weeklyLimit: 3, birthDate: null, sex: null });
    expect(readded.body.children[1].id).not.toBe(leo!.id);
  });

  it('adds children to empty slots, swaps names, and keeps names distinct', async () => {
    const parent = await createParent(db(), [
      ['Ava', 2],
      ['Leo', 3],
    ]);
    const [ava, leo] = await childRows(parent.id);
    const swapped = await patch(admin, parent.id, { firstChildName: 'Leo', secondChildName: 'Ava', fourthChildName: 'Zoe' });
    expect(swapped.status).toBe(200);
    expect(swapped.body.children).toEqual([
      { id: ava!.id, name: 'Leo', weeklyLimit: 2, birthDate: null, sex: null },
      { id: leo!.id, name: 'Ava', weeklyLimit: 3, birthDate: null, sex: null },
      { id: expect.any(String), name: 'Zoe', weeklyLimit: 1, birthDate: null, sex: null },
    ]);
    expect(swapped.body.fourthChildName).toBe('Zoe');
    // A name already used by an untouched slot is refused.
    expect(failure(await patch(admin, parent.id, { thirdChildName: 'zoe' }))).toEqual({
      status: 400,
      message: 'Each child needs a different name: "zoe" and "Zoe" name the same child',
    });
  });

  it('role rules: promotions work; nobody changes their own role; only a SUPER_ADMIN edits a SUPER_ADMIN, whose role never changes', async () => {
    const user = await createUser({});
    expect((await patch(admin, user.id, { role: 'ADMIN' })).body.role).toBe('ADMIN');
    // Issue 17: only a SUPER_ADMIN changes an administrator's role (users-admin-protection.test.ts has the rest).
    expect((await patch(owner, user.id, { role: 'PARENT' })).body.role).toBe('PARENT');

    expect(failure(await patch(admin, userIds.admin, { role: 'PARENT' }))).toEqual({ status: 403, message: 'You cannot change your own role' });
    expect((await patch(admin, userIds.admin, { role: 'ADMIN', lastName: 'Archer' })).status).toBe(200);

    expect(failure(await patch(admin, userIds.owner, { firstName: 'Hacked' }))).toEqual({
      status: 403,
      message: 'Only a super administrator can change this account',
    });
    expect((await userRow(userIds.owner)).firstName).toBe('Olivia');
    // The owner edits their own account; the form shows them as ADMIN, which leaves the role as it is.
    const own = await patch(owner, userIds.owner, { firstName: 'Olive', role: 'ADMIN' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ firstName: 'Olive', role: 'SUPER_ADMIN' });
    expect(failure(await patch(owner, userIds.owner, { role: 'PARENT' }))).toEqual({
      status: 403,
      message: "A super administrator's role cannot be changed",
    });
    expect((await userRow(userIds.owner)).role).toBe('SUPER_ADMIN');
    await patch(owner, userIds.owner, { firstName: 'Olivia' });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('is refused while the user has upcoming bookings, with their number', async () => {
    const parent = await createParent(db(), [['Ava', 3]]);
    const api = await signIn(parent.email, parent.password);
    const first = await api.post('/api/bookings', { sessionId: (await futureSession(toronto(11, 20, 17))).id, childNames: ['Ava'] });
    expect(failure(await del(admin, parent.id))).toEqual({
      status: 409,
      message: 'This user has 1 upcoming booking. Cancel it before deleting the account.',
    });
    expect((await api.post('/api/bookings', { sessionId: (await futureSession(toronto(11, 21, 10))).id, childNames: ['Ava'] })).status).toBe(201);
    expect(failure(await del(admin, parent.id))).toEqual({
      status: 409,
      message: 'This user has 2 upcoming bookings. Cancel them before deleting the account.',
    });
    expect((await api.get('/api/me')).status).toBe(200);
    // Once the session has started, the booking is no longer upcoming.
    expect((await api.post(`/api/bookings/${first.body.id}/cancel`)).status).toBe(200);
    now = toronto(11, 21, 10, 1);
    expect((await del(admin, parent.id)).status).toBe(200);
  });

  it('nobody deletes themselves, and a SUPER_ADMIN is never deleted', async () => {
    expect(failure(await del(admin, userIds.admin))).toEqual({ status: 409, message: 'You cannot delete your own account' });
    expect(failure(await del(owner, userIds.owner))).toEqual({ status: 409, message: 'You cannot delete your own account' });
    expect(failure(await del(admin, userIds.owner))).toEqual({ status: 403, message: 'A super administrator account cannot be deleted' });
    expect((await admin.get('/api/me')).status).toBe(200);
    expect(failure(await del(admin, crypto.randomUUID()))).toEqual({ status: 404, message: 'User not found' });
    expect(failure(await del(admin, 'nope'))).toEqual({ status: 404, message: 'User not found' });
  });

  it('deletes: sessions end, sign-in fails, the user leaves the list, past bookings stay, the email is free again', async () => {
    const parent = await createParent(db(), [['Ava', 2]]);
    const [ava] = await childRows(parent.id);
    const past = await pastBooking(parent.id, [ava!]);
    const api = await signIn(parent.email, parent.password);
    const otherDevice = await signIn(parent.email, parent.password);
    expect((await otherDevice.get('/api/me')).status).toBe(200);

    expect((await del(admin, parent.id)).body).toEqual({ message: 'User deleted' });
    expect((await api.get('/api/me')).status).toBe(401);
    expect((await otherDevice.get('/api/me/bookings')).status).toBe(401);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, parent.id))).toEqual([]);
    expect(failure(await new ApiClient(server.baseUrl).post('/api/auth/login', { email: parent.email, password: parent.password }))).toEqual({
      status: 401,
      message: 'Invalid email or password',
    });
    expect((await admin.get(`/api/admin/users?search=${encodeURIComponent(parent.email)}`)).body.total).toBe(0);
    expect((await admin.get('/api/admin/users?limit=100')).body.users.some((u: { id: string }) => u.id === parent.id)).toBe(false);
    expect(failure(await patch(admin, parent.id, { firstName: 'X' }))).toEqual({ status: 404, message: 'User not found' });
    expect(failure(await del(admin, parent.id))).toEqual({ status: 404, message: 'User not found' });

    const report = await admin.get('/api/admin/reservations');
    expect(report.body.find((b: { id: string }) => b.id === past.id)).toMatchObject({
      childNames: ['Ava'],
      user: { firstName: 'Test', lastName: 'Parent', email: parent.email },
    });

    // The address can be given to a new account, which signs in as itself.
    const reused = await admin.post('/api/admin/users', { firstName: 'New', lastName: 'Owner', email: parent.email, password: 'new-owner-1' });
    expect(reused.status).toBe(201);
    const newcomer = await signIn(parent.email, 'new-owner-1');
    expect((await newcomer.get('/api/me')).body).toMatchObject({ id: reused.body.id, firstName: 'New' });
    expect((await newcomer.get('/api/me/bookings')).body).toEqual([]);
  });
});

describe('PUT /api/admin/users/:id/change-password', () => {
  it("sets a parent's password (argon2id) and ends every sign-in session of theirs", async () => {
    const parent = await createParent(db(), [['Ava', 1]]);
    const api = await signIn(parent.email, parent.password);
    const res = await changePassword(admin, parent.id, 'office-set-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed successfully' });
    expect((await userRow(parent.id)).passwordHash).toMatch(/^\$argon2id\$/);
    expect((await api.get('/api/me')).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(401);
    await signIn(parent.email, 'office-set-1');
    // The administrator's own session is untouched.
    expect((await admin.get('/api/me')).status).toBe(200);
  });

  it('refuses non-parent accounts and short passwords; 404 for unknown ids', async () => {
    const other = await createUser({ role: 'ADMIN' });
    for (const id of [other.id, userIds.owner, userIds.admin]) {
      expect(failure(await changePassword(admin, id, 'office-set-1'))).toEqual({
        status: 403,
        message: 'Passwords can be changed here for parent accounts only',
      });
    }
    const parent = await createParent(db(), []);
    expect(failure(await changePassword(admin, parent.id, '12345'))).toEqual({ status: 400, message: 'newPassword: Password must be at least 6 characters' });
    expect(failure(await changePassword(admin, parent.id, ''))).toEqual({ status: 400, message: 'newPassword: New password is required' });
    expect(failure(await admin.request('PUT', `/api/admin/users/${parent.id}/change-password`, {}))).toEqual({
      status: 400,
      message: 'newPassword: New password is required',
    });
    expect(failure(await changePassword(admin, crypto.randomUUID(), 'office-set-1'))).toEqual({ status: 404, message: 'User not found' });
  });
});
