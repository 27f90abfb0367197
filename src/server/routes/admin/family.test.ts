import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LAST_GUARDIAN, PHONE_INVALID, TOO_MANY_GUARDIANS } from '../../../shared/schemas/family';
import { authSessions, children, emergencyContacts, officeActions, users } from '../../db/schema';
import { signInNewParent } from '../../test-support/fixtures';
import { testPasswordHash } from '../../test-support/password-hashes';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';

// The office's side of the family (issue 31) through real HTTP: the family page's `family` part, guardians added (the
// welcome e-mail with a set-password link, as a new family gets; a taken e-mail 409 EMAIL_TAKEN; a fifth 409
// TOO_MANY_GUARDIANS) and removed (their sign-in ends at once; the last one 409 LAST_GUARDIAN), a recorded date of
// birth corrected (no lock), the emergency contacts; a parent is refused every one of these routes (403). The read
// caches are on, as in production: a removed guardian's cached sign-in must not outlive the removal.
const {
  server,
  smtp,
  clients: { admin },
  userIds,
} = withApi({ as: ['admin'], smtp: true, env: { READ_CACHE: 'on', BUSINESS_NAME: 'Test Athletics', PUBLIC_URL: 'https://portal.test' } });

const db = () => server.database.db;
const base = (userId: string) => `/api/admin/users/${userId}`;
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID()}@example.com`;
const liveGuardians = (familyId: string) =>
  db()
    .select()
    .from(users)
    .where(and(eq(users.familyId, familyId)))
    .orderBy(asc(users.createdAt))
    .then((rows) => rows.filter((row) => row.deletedAt === null));

/** A guardian of `familyId` with a password, signed in. */
async function signedInGuardian(familyId: string, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const [row] = await db()
    .insert(users)
    .values({ familyId, email, firstName, lastName: 'Rivera', role: 'PARENT', passwordHash: await testPasswordHash('secret-pass') })
    .returning();
  const api = new ApiClient(server.baseUrl);
  await api.login(email, 'secret-pass');
  return { id: row!.id, email, api };
}

describe('the office’s family page', () => {
  it('GET /api/admin/users/:id carries the family: guardians, children’s profiles, contacts; from any guardian’s row', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    await db().update(children).set({ medicalNotes: 'Bee stings', needsAttention: true }).where(eq(children.familyId, pat.id));
    await db().insert(emergencyContacts).values({ familyId: pat.id, position: 1, name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' });
    const sam = await signedInGuardian(pat.id, 'Sam');

    const res = await admin.get(base(pat.id));
    expect(res.status).toBe(200);
    expect(res.body.family.guardians.map((g: any) => [g.firstName, g.isYou])).toEqual([
      ['Test', false],
      ['Sam', false],
    ]);
    expect(res.body.family.children).toEqual([expect.objectContaining({ name: 'Ava', medicalNotes: 'Bee stings', needsAttention: true })]);
    expect(res.body.family.emergencyContacts).toEqual([{ name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' }]);
    // Opened from the second guardian's row of the Users table: the same family.
    expect((await admin.get(base(sam.id))).body.family).toEqual(res.body.family);
  });

  it('corrects a recorded date of birth and sex (no lock for the office) and saves the contacts', async () => {
    const pat = await signInNewParent(server, [['Leo', 1]]);
    const [leo] = await db().select().from(children).where(eq(children.familyId, pat.id));
    await db().update(children).set({ birthDate: '2016-02-03', sex: 'M', medicalNotes: 'Asthma' }).where(eq(children.id, leo!.id));

    const res = await admin.request('PATCH', `${base(pat.id)}/children/${leo!.id}`, { birthDate: '2016-03-02', sex: 'F' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: leo!.id, birthDate: '2016-03-02', sex: 'F', medicalNotes: 'Asthma' });
    const cleared = await admin.request('PATCH', `${base(pat.id)}/children/${leo!.id}`, { birthDate: null });
    expect(cleared.body.birthDate).toBeNull();

    // A child of another family through this family's address: 404.
    const other = await signInNewParent(server, [['Zed', 2]]);
    const [zed] = await db().select().from(children).where(eq(children.familyId, other.id));
    expect((await admin.request('PATCH', `${base(pat.id)}/children/${zed!.id}`, { medicalNotes: 'Planted' })).status).toBe(404);

    const contacts = [{ name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' }];
    const saved = await admin.request('PUT', `${base(pat.id)}/emergency-contacts`, { contacts });
    expect(saved.status).toBe(200);
    expect(saved.body.emergencyContacts).toEqual(contacts);
    expect((await pat.api.get('/api/me/family')).body.emergencyContacts).toEqual(contacts);
    const bad = await admin.request('PUT', `${base(pat.id)}/emergency-contacts`, { contacts: [{ ...contacts[0], phone: 'call me' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(`contacts.0.phone: ${PHONE_INVALID}`);
  });
});

describe('POST /api/admin/users/:id/guardians', () => {
  it('adds a guardian without a password and emails the welcome with a set-password link; they then sign in to the family', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const email = uniqueEmail('Sam');
    const res = await admin.post(`${base(pat.id)}/guardians`, { firstName: 'Sam', lastName: 'Rivera', email, phone: '416 555 0155' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      firstName: 'Sam',
      lastName: 'Rivera',
      email: email.toLowerCase(),
      phone: '416 555 0155',
      copyMe: true,
      hasPassword: false,
      isYou: false,
    });
    const [row] = await db().select().from(users).where(eq(users.id, res.body.id));
    expect(row).toMatchObject({ familyId: pat.id, role: 'PARENT', passwordHash: null });
    const [action] = await db().select().from(officeActions).where(and(eq(officeActions.familyId, pat.id), eq(officeActions.action, 'ADD_GUARDIAN')));
    expect(action).toMatchObject({ adminId: userIds.admin });

    const mail = await smtp.waitForMail(email.toLowerCase(), 'Welcome to Test Athletics');
    expect(mail.text).toContain('Hello Sam,');
    const token = /https:\/\/portal\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const sam = new ApiClient(server.baseUrl);
    expect((await sam.post('/api/auth/set-password', { token, newPassword: 'chosen-pass-1' })).status).toBe(200);
    const family = await sam.get('/api/me/family');
    expect(family.body.children.map((c: any) => c.name)).toEqual(['Ava']);
    expect(family.body.guardians.map((g: any) => [g.firstName, g.isYou, g.hasPassword])).toEqual([
      ['Test', false, true],
      ['Sam', true, true],
    ]);
  });

  it('a taken email is 409 EMAIL_TAKEN; a fifth guardian is 409 TOO_MANY_GUARDIANS; a bad phone 400; nothing added', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const other = await signInNewParent(server, [['Zed', 2]]);
    const taken = await admin.post(`${base(pat.id)}/guardians`, { firstName: 'Dup', lastName: 'Licate', email: other.email.toUpperCase() });
    expect({ status: taken.status, code: taken.body.code }).toEqual({ status: 409, code: 'EMAIL_TAKEN' });

    const phone = await admin.post(`${base(pat.id)}/guardians`, { firstName: 'Bad', lastName: 'Phone', email: uniqueEmail('bad'), phone: '12' });
    expect(phone.status).toBe(400);
    expect(phone.body.errors).toEqual([{ field: 'phone', message: PHONE_INVALID }]);
    expect(await liveGuardians(pat.id)).toHaveLength(1);

    for (const name of ['Two', 'Three', 'Four']) {
      expect((await admin.post(`${base(pat.id)}/guardians`, { firstName: name, lastName: 'Guardian', email: uniqueEmail(name) })).status).toBe(201);
    }
    const fifth = await admin.post(`${base(pat.id)}/guardians`, { firstName: 'Five', lastName: 'Guardian', email: uniqueEmail('five') });
    expect({ status: fifth.status, body: fifth.body }).toEqual({ status: 409, body: { code: 'TOO_MANY_GUARDIANS', message: TOO_MANY_GUARDIANS } });
    expect(await liveGuardians(pat.id)).toHaveLength(4);
  });

  it('an unknown account is 404', async () => {
    const res = await admin.post(`${base(randomUUID())}/guardians`, { firstName: 'No', lastName: 'Family', email: uniqueEmail('nobody') });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /api/admin/users/:id/guardians/:guardianId', () => {
  it('removes a guardian: their sign-in ends at once, the family and its other guardian stay', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const sam = await signedInGuardian(pat.id, 'Sam');
    expect((await sam.api.get('/api/me')).status).toBe(200);

    const res = await admin.request('DELETE', `${base(pat.id)}/guardians/${sam.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await sam.api.get('/api/me')).status).toBe(401);
    expect((await sam.api.get('/api/me/family')).status).toBe(401);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, sam.id))).toEqual([]);
    const again = new ApiClient(server.baseUrl);
    expect((await again.post('/api/auth/login', { email: sam.email, password: 'secret-pass' })).status).toBe(401);

    expect((await liveGuardians(pat.id)).map((g) => g.id)).toEqual([pat.id]);
    expect((await pat.api.get('/api/me/family')).body.guardians.map((g: any) => g.firstName)).toEqual(['Test']);
    const [action] = await db().select().from(officeActions).where(and(eq(officeActions.familyId, pat.id), eq(officeActions.action, 'REMOVE_GUARDIAN')));
    expect(action).toBeDefined();
  });

  it('the last guardian is 409 LAST_GUARDIAN; another family’s guardian or an unknown id 404; nothing removed', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const last = await admin.request('DELETE', `${base(pat.id)}/guardians/${pat.id}`);
    expect({ status: last.status, body: last.body }).toEqual({ status: 409, body: { code: 'LAST_GUARDIAN', message: LAST_GUARDIAN } });
    expect((await pat.api.get('/api/me')).status).toBe(200);

    const other = await signInNewParent(server, [['Zed', 2]]);
    const otherSecond = await signedInGuardian(other.id, 'Kim');
    for (const guardianId of [otherSecond.id, randomUUID(), 'nope']) {
      expect((await admin.request('DELETE', `${base(pat.id)}/guardians/${guardianId}`)).status, guardianId).toBe(404);
    }
    expect((await otherSecond.api.get('/api/me')).status).toBe(200);
  });
});

describe('a parent on the office’s family routes', () => {
  it('is refused (403), changing nothing', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const sam = await signedInGuardian(pat.id, 'Sam');
    const [ava] = await db().select().from(children).where(eq(children.familyId, pat.id));
    const attempts = [
      pat.api.post(`${base(pat.id)}/guardians`, { firstName: 'Own', lastName: 'Pick', email: uniqueEmail('own') }),
      pat.api.request('DELETE', `${base(pat.id)}/guardians/${sam.id}`),
      pat.api.request('PATCH', `${base(pat.id)}/children/${ava!.id}`, { birthDate: '2016-01-01' }),
      pat.api.request('PUT', `${base(pat.id)}/emergency-contacts`, { contacts: [] }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
    expect(await liveGuardians(pat.id)).toHaveLength(2);
    expect((await sam.api.get('/api/me')).status).toBe(200);
  });
});
