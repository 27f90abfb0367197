import { accountRows } from '../../test-support/account-row';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authSessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../services/auth/session-token';
import { createParent } from '../../test-support/fixtures';
import { ApiClient, readBody } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// Issue 17, items 3 and 5, through real HTTP: an ADMIN cannot take over another administrator (demote,
// set the password, promote back), an account that was an administrator in the last 30 days keeps its
// password out of the office's reach, and the office's Active switch ends the account's sessions.
const DAY = 86_400_000;

let now = NOW;
const {
  server,
  clients: { admin, owner },
  userIds,
} = withApi({
  as: ['admin', 'owner'],
  smtp: true,
  clock: () => now,
  // The administrators' sessions must outlive the clock moving 30 days on.
  env: { ADMIN_SESSION_IDLE_MINUTES: '129600', SESSION_IDLE_MINUTES: '129600', SESSION_TTL_DAYS: '90', PUBLIC_URL: 'https://portal.test' },
});
beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const patch = (api: ApiClient, id: string, body: unknown) => api.request('PATCH', `/api/admin/users/${id}`, body);
const setPassword = (api: ApiClient, id: string, newPassword: string) => api.request('PUT', `/api/admin/users/${id}/change-password`, { newPassword });
const sendLink = (api: ApiClient, id: string) => api.post(`/api/admin/users/${id}/set-password-link`);
const failure = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const userRow = async (id: string) => (await accountRows(db(), eq(users.id, id)))[0]!;
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++counter}-${Date.now()}@example.com`;

const ADMIN_ROLE_ONLY = { status: 403, message: "Only a super administrator can change an administrator's role" };
const RECENT_ADMIN = { status: 403, message: 'This account was an administrator in the last 30 days; its password cannot be set here' };
const LINK_ONLY = {
  status: 403,
  message: 'Only a super administrator can send a set-password link to an administrator (or an account that was one in the last 30 days)',
};

/** A second ADMIN (created by the owner), signed in on its own client. */
async function anotherAdmin() {
  const email = uniqueEmail('ada');
  const res = await owner.post('/api/admin/users', { firstName: 'Ada', lastName: 'Lovelace', email, password: 'ada-admin-pass-7', role: 'ADMIN' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const api = new ApiClient(server.baseUrl);
  await api.login(email, 'ada-admin-pass-7');
  return { id: res.body.id as string, email, api };
}

describe('an ADMIN cannot take over another administrator', () => {
  it('the demote, set password, promote path fails at its first step, and nothing changes', async () => {
    const victim = await anotherAdmin();
    expect(failure(await patch(admin, victim.id, { role: 'PARENT' }))).toEqual(ADMIN_ROLE_ONLY);
    expect(await userRow(victim.id)).toMatchObject({ role: 'ADMIN', adminRoleEndedAt: null });
    // The later steps are refused on their own too.
    expect(failure(await setPassword(admin, victim.id, 'taken-over-pass-1'))).toEqual({ status: 403, message: 'Passwords can be changed here for parent accounts only' });
    expect(failure(await sendLink(admin, victim.id))).toEqual(LINK_ONLY);
    expect((await victim.api.get('/api/me')).status).toBe(200);
    await new ApiClient(server.baseUrl).login(victim.email, 'ada-admin-pass-7');
    // Other edits of an administrator are still the office's (not its name or e-mail: see below).
    expect((await patch(admin, victim.id, { planTier: 'TWO' })).body).toMatchObject({ planTier: 'TWO', role: 'ADMIN' });
  });

  it('a SUPER_ADMIN may demote; the account then keeps its password out of the office for 30 days', async () => {
    const demoted = await anotherAdmin();
    now = new Date(NOW.getTime() + 1000);
    const res = await patch(owner, demoted.id, { role: 'PARENT' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('PARENT');
    expect((await userRow(demoted.id)).adminRoleEndedAt).toEqual(now);

    for (const actor of [admin, owner]) expect(failure(await setPassword(actor, demoted.id, 'taken-over-pass-1'))).toEqual(RECENT_ADMIN);
    expect(failure(await sendLink(admin, demoted.id))).toEqual(LINK_ONLY);
    expect((await sendLink(owner, demoted.id)).status).toBe(200);
    // Promoting the parent back is still allowed, and demoting it again is the owner's alone.
    expect((await patch(admin, demoted.id, { role: 'ADMIN' })).body.role).toBe('ADMIN');
    expect(failure(await patch(admin, demoted.id, { role: 'PARENT' }))).toEqual(ADMIN_ROLE_ONLY);
    expect((await patch(owner, demoted.id, { role: 'PARENT' })).status).toBe(200);
    // Its old password still signs in: nobody took it over.
    await new ApiClient(server.baseUrl).login(demoted.email, 'ada-admin-pass-7');

    now = new Date(NOW.getTime() + 1000 + 30 * DAY - 60_000);
    expect(failure(await setPassword(admin, demoted.id, 'office-set-pass-1'))).toEqual(RECENT_ADMIN);
    now = new Date(NOW.getTime() + 1000 + 30 * DAY + 60_000);
    expect((await setPassword(admin, demoted.id, 'office-set-pass-1')).status).toBe(200);
    expect((await sendLink(admin, demoted.id)).status).toBe(200);
  });

  it('a CSV row cannot set the password of an account that was an administrator in the last 30 days', async () => {
    const demoted = await anotherAdmin();
    expect((await patch(owner, demoted.id, { role: 'PARENT' })).status).toBe(200);
    const form = new FormData();
    form.append('columnMapping', JSON.stringify({ email: 'Email', firstName: 'First', lastName: 'Last', password: 'Password' }));
    form.append('csvFile', new Blob([`Email,First,Last,Password\n${demoted.email},Ada,Lovelace,csv-takeover-pass-1\n`], { type: 'text/csv' }), 'f.csv');
    const response = await fetch(`${server.baseUrl}/api/admin/users/import-csv`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
      body: form,
    });
    const body = await readBody(response);
    expect(response.status).toBe(200);
    expect(body).toEqual({
      summary: { processed: 1, created: 0, updated: 0, errors: 1 },
      errors: [`Line 2: ${demoted.email}: This account was an administrator in the last 30 days; its password cannot be set here`],
      rejectedRowsCsv: expect.any(String),
    });
    // The row to fix comes back without the password it tried to set.
    expect((body as { rejectedRowsCsv: string }).rejectedRowsCsv).not.toContain('csv-takeover-pass-1');
    await new ApiClient(server.baseUrl).login(demoted.email, 'ada-admin-pass-7');
  });
});

// Issue 29, item 2: the other ways an ADMIN could make another administrator's account its own.
describe('only a SUPER_ADMIN deletes an administrator or changes its email or name', () => {
  const del = (api: ApiClient, id: string, query = '') => api.request('DELETE', `/api/admin/users/${id}${query}`);
  const DELETE_ONLY = { status: 403, message: 'Only a super administrator can delete an administrator' };
  const EMAIL_ONLY = { status: 403, message: "Only a super administrator can change an administrator's email address" };
  const NAME_ONLY = { status: 403, message: "Only a super administrator can change an administrator's name" };

  it('an ADMIN cannot delete another ADMIN, so cannot re-create the account with a password of its choosing', async () => {
    const victim = await anotherAdmin();
    expect(failure(await del(admin, victim.id))).toEqual(DELETE_ONLY);
    // Nor through the front desk's "cancel their bookings and delete".
    expect(failure(await del(admin, victim.id, '?cancelUpcomingBookings=true'))).toEqual(DELETE_ONLY);
    expect(await userRow(victim.id)).toMatchObject({ deletedAt: null, isActive: true, role: 'ADMIN' });
    expect((await victim.api.get('/api/me')).status).toBe(200);
    // The address stays taken: the office cannot make a new account of it with a password it chose.
    const recreated = await admin.post('/api/admin/users', { firstName: 'Ada', lastName: 'Lovelace', email: victim.email, password: 'taken-over-pass-1', role: 'ADMIN' });
    expect(failure(recreated)).toEqual({ status: 409, message: 'A user with this email already exists' });
    await new ApiClient(server.baseUrl).login(victim.email, 'ada-admin-pass-7');

    // A SUPER_ADMIN may.
    expect((await del(owner, victim.id)).body).toEqual({ message: 'User deleted' });
    expect((await victim.api.get('/api/me')).status).toBe(401);
  });

  it("an ADMIN cannot change another administrator's email (where its set-password links go) or name", async () => {
    const victim = await anotherAdmin();
    const mine = uniqueEmail('mine');
    expect(failure(await patch(admin, victim.id, { email: mine }))).toEqual(EMAIL_ONLY);
    expect(failure(await patch(admin, victim.id, { firstName: 'Eve' }))).toEqual(NAME_ONLY);
    expect(failure(await patch(admin, victim.id, { lastName: 'Mallory' }))).toEqual(NAME_ONLY);
    // A refused field refuses the whole edit.
    expect(failure(await patch(admin, victim.id, { email: mine, planTier: 'THREE' }))).toEqual(EMAIL_ONLY);
    expect(await userRow(victim.id)).toMatchObject({ email: victim.email, firstName: 'Ada', lastName: 'Lovelace', planTier: 'ONE' });
    // The owner's link for a new password still goes to the administrator.
    expect((await sendLink(owner, victim.id)).body).toEqual({ message: `A link to set the password was sent to ${victim.email}` });

    // Sending back what the account already has is not a change (the edit form may), and the rest is the office's.
    const same = await patch(admin, victim.id, { email: victim.email.toUpperCase(), firstName: 'Ada', lastName: 'Lovelace', weeklyLimit: 3 });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ email: victim.email, firstName: 'Ada', weeklyLimit: 3 });
    // One's own name and e-mail are one's own.
    const self = await patch(victim.api, victim.id, { lastName: 'King' });
    expect(self.body).toMatchObject({ lastName: 'King' });
    // A SUPER_ADMIN may change both.
    const changed = await patch(owner, victim.id, { email: mine, firstName: 'Augusta', lastName: 'Byron' });
    expect(changed.body).toMatchObject({ email: mine, firstName: 'Augusta', lastName: 'Byron', role: 'ADMIN' });
    // A parent's name and e-mail stay the office's.
    const parent = await createParent(db(), []);
    expect((await patch(admin, parent.id, { firstName: 'Renamed', email: uniqueEmail('parent') })).status).toBe(200);
  });
});

describe('PATCH /api/admin/users/:id {isActive}', () => {
  it('deactivating ends every session at once; the old cookie stays dead after re-activation', async () => {
    const parent = await createParent(db(), [['Ava', 1]]);
    const phone = new ApiClient(server.baseUrl);
    await phone.login(parent.email, parent.password);
    const laptop = new ApiClient(server.baseUrl);
    await laptop.login(parent.email, parent.password);

    const off = await patch(admin, parent.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, parent.id))).toEqual([]);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me/bookings')).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(401);
    const listed = await admin.get(`/api/admin/users?search=${encodeURIComponent(parent.email)}`);
    expect(listed.body.users).toEqual([expect.objectContaining({ id: parent.id, isActive: false })]);

    const on = await patch(admin, parent.id, { isActive: true });
    expect(on.body.isActive).toBe(true);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(401);
    const again = new ApiClient(server.baseUrl);
    await again.login(parent.email, parent.password);
    expect((await again.get('/api/me')).status).toBe(200);
  });

  it('is refused for oneself, for a SUPER_ADMIN, and for an administrator unless a SUPER_ADMIN asks', async () => {
    expect(failure(await patch(admin, userIds.admin, { isActive: false }))).toEqual({ status: 403, message: 'You cannot deactivate your own account' });
    expect(failure(await patch(owner, userIds.owner, { isActive: false }))).toEqual({ status: 403, message: 'You cannot deactivate your own account' });
    expect(failure(await patch(admin, userIds.owner, { isActive: false }))).toEqual({ status: 403, message: 'Only a super administrator can change this account' });
    const otherOwner = await owner.post('/api/admin/users', { firstName: 'Sam', lastName: 'Second', email: uniqueEmail('sam'), password: 'second-owner-pass', role: 'ADMIN' });
    await db().update(users).set({ role: 'SUPER_ADMIN' }).where(eq(users.id, otherOwner.body.id));
    expect(failure(await patch(owner, otherOwner.body.id, { isActive: false }))).toEqual({ status: 403, message: 'A super administrator account cannot be deactivated' });

    const colleague = await anotherAdmin();
    expect(failure(await patch(admin, colleague.id, { isActive: false }))).toEqual({
      status: 403,
      message: 'Only a super administrator can deactivate an administrator',
    });
    expect((await colleague.api.get('/api/me')).status).toBe(200);
    expect((await patch(owner, colleague.id, { isActive: false })).body.isActive).toBe(false);
    expect((await colleague.api.get('/api/me')).status).toBe(401);
    for (const id of [userIds.admin, userIds.owner, otherOwner.body.id]) expect((await userRow(id)).isActive).toBe(true);
    // Sending the value the account already has changes nothing and is not a refusal.
    expect((await patch(admin, userIds.admin, { isActive: true })).status).toBe(200);
  });

  it('takes a JSON boolean only', async () => {
    const parent = await createParent(db(), []);
    for (const isActive of ['false', 0, 1, null, 'no']) {
      expect(failure(await patch(admin, parent.id, { isActive }))).toEqual({ status: 400, message: 'isActive: isActive must be true or false' });
    }
    expect((await userRow(parent.id)).isActive).toBe(true);
  });
});
