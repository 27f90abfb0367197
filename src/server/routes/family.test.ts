import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHILD_DETAIL_LOCKED, PHONE_INVALID } from '../../shared/schemas/family';
import { children, emergencyContacts, families, users } from '../db/schema';
import { signInNewParent } from '../test-support/fixtures';
import { testPasswordHash } from '../test-support/password-hashes';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

// The Family page's API (issue 31) through real HTTP: a guardian reads and edits their own family only (another
// family's child is a 404), records a missing date of birth or sex but cannot change a recorded one (403
// CHILD_DETAIL_LOCKED), keeps up to three emergency contacts with dialable phones, and sets their own phone and copies.
const { server } = withApi();

const db = () => server.database.db;
const childrenOf = (familyId: string) => db().select().from(children).where(eq(children.familyId, familyId)).orderBy(asc(children.position));
const childOf = async (familyId: string, name: string) => (await childrenOf(familyId)).find((kid) => kid.name === name)!;
const contactsOf = (familyId: string) =>
  db()
    .select({ name: emergencyContacts.name, relationship: emergencyContacts.relationship, phone: emergencyContacts.phone })
    .from(emergencyContacts)
    .where(eq(emergencyContacts.familyId, familyId))
    .orderBy(asc(emergencyContacts.position));

/** A second guardian of `familyId`, signed in. */
async function secondGuardian(familyId: string, firstName = 'Sam') {
  const email = `second-${randomUUID()}@example.com`;
  const [row] = await db()
    .insert(users)
    .values({ familyId, email, firstName, lastName: 'Rivera', role: 'PARENT', passwordHash: await testPasswordHash('secret-pass') })
    .returning();
  const api = new ApiClient(server.baseUrl);
  await api.login(email, 'secret-pass');
  return { id: row!.id, api };
}

describe('GET /api/me/family', () => {
  it('gives the family’s guardians (the caller marked), children’s profiles and contacts, to each of its guardians', async () => {
    const pat = await signInNewParent(server, [['Ava', 2], ['Leo', 1]]);
    const sam = await secondGuardian(pat.id);
    await db().update(users).set({ phone: '416-555-0100' }).where(eq(users.id, pat.id));
    await db().insert(users).values({ familyId: pat.id, email: `invited-${randomUUID()}@example.com`, firstName: 'Kim', lastName: 'Lee', role: 'PARENT' });

    const res = await pat.api.get('/api/me/family');
    expect(res.status).toBe(200);
    expect(res.body.guardians.map((g: any) => [g.firstName, g.isYou, g.hasPassword, g.phone])).toEqual([
      ['Test', true, true, '416-555-0100'],
      ['Sam', false, true, null],
      ['Kim', false, false, null],
    ]);
    expect(res.body.children.map((c: any) => c.name)).toEqual(['Ava', 'Leo']);
    expect(res.body.children[0]).toEqual({
      id: (await childOf(pat.id, 'Ava')).id,
      name: 'Ava',
      birthDate: null,
      sex: null,
      medicalNotes: null,
      needsAttention: false,
      photoConsent: null,
    });
    expect(res.body.emergencyContacts).toEqual([]);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);

    const asSam = await sam.api.get('/api/me/family');
    expect(asSam.body.guardians.map((g: any) => [g.firstName, g.isYou])).toEqual([
      ['Test', false],
      ['Sam', true],
      ['Kim', false],
    ]);
    expect(asSam.body.children).toEqual(res.body.children);
  });

  it('answers 404 for an account without a family, and 401 without a session', async () => {
    const staff = await signInNewParent(server, []);
    await db().update(users).set({ familyId: null }).where(eq(users.id, staff.id));
    expect((await staff.api.get('/api/me/family')).status).toBe(404);
    expect((await new ApiClient(server.baseUrl).get('/api/me/family')).status).toBe(401);
  });
});

describe('PATCH /api/me/family/children/:childId', () => {
  it('records a missing date of birth and sex with notes, flag and consent; another guardian of the family may too', async () => {
    const pat = await signInNewParent(server, [['Ava', 2], ['Leo', 1]]);
    const ava = await childOf(pat.id, 'Ava');
    const res = await pat.api.request('PATCH', `/api/me/family/children/${ava.id}`, {
      birthDate: '2017-04-09',
      sex: 'F',
      medicalNotes: '  Peanut allergy, EpiPen in her bag  ',
      needsAttention: true,
      photoConsent: 'REFUSED',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: ava.id,
      name: 'Ava',
      birthDate: '2017-04-09',
      sex: 'F',
      medicalNotes: 'Peanut allergy, EpiPen in her bag',
      needsAttention: true,
      photoConsent: 'REFUSED',
    });
    expect(await childOf(pat.id, 'Ava')).toMatchObject({ birthDate: '2017-04-09', sex: 'F', needsAttention: true, photoConsent: 'REFUSED' });

    // A field left out is kept: the notes stay when only the flag changes.
    const sam = await secondGuardian(pat.id);
    const flag = await sam.api.request('PATCH', `/api/me/family/children/${ava.id}`, { needsAttention: false });
    expect(flag.status).toBe(200);
    expect(await childOf(pat.id, 'Ava')).toMatchObject({ medicalNotes: 'Peanut allergy, EpiPen in her bag', needsAttention: false, photoConsent: 'REFUSED' });
    // Blank notes clear them.
    await sam.api.request('PATCH', `/api/me/family/children/${ava.id}`, { medicalNotes: '' });
    expect((await childOf(pat.id, 'Ava')).medicalNotes).toBeNull();
    // Leo was not touched.
    expect(await childOf(pat.id, 'Leo')).toMatchObject({ birthDate: null, sex: null, medicalNotes: null });
  });

  it('refuses to change or clear a recorded date of birth or sex (403 CHILD_DETAIL_LOCKED), changing nothing; the same value again is no change', async () => {
    const pat = await signInNewParent(server, [['Leo', 1]]);
    const leo = await childOf(pat.id, 'Leo');
    await db().update(children).set({ birthDate: '2016-02-03', sex: 'M', medicalNotes: 'Asthma' }).where(eq(children.id, leo.id));
    const path = `/api/me/family/children/${leo.id}`;
    for (const body of [{ birthDate: '2016-03-02' }, { birthDate: null }, { sex: 'F' }, { sex: '' }, { birthDate: '2016-03-02', medicalNotes: 'Changed' }]) {
      const res = await pat.api.request('PATCH', path, body);
      expect({ status: res.status, body: res.body }, JSON.stringify(body)).toEqual({ status: 403, body: { code: 'CHILD_DETAIL_LOCKED', message: CHILD_DETAIL_LOCKED } });
    }
    expect(await childOf(pat.id, 'Leo')).toMatchObject({ birthDate: '2016-02-03', sex: 'M', medicalNotes: 'Asthma' });

    const same = await pat.api.request('PATCH', path, { birthDate: '2016-02-03', sex: 'M', medicalNotes: 'Asthma, inhaler' });
    expect(same.status).toBe(200);
    expect(await childOf(pat.id, 'Leo')).toMatchObject({ birthDate: '2016-02-03', sex: 'M', medicalNotes: 'Asthma, inhaler' });
  });

  it('another family’s child, a removed child, an unknown or malformed id: 404, changing nothing', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const other = await signInNewParent(server, [['Zed', 2], ['Old', 1]]);
    const zed = await childOf(other.id, 'Zed');
    const old = await childOf(other.id, 'Old');
    await db().update(children).set({ removedAt: new Date() }).where(eq(children.id, old.id));
    for (const childId of [zed.id, randomUUID(), 'not-an-id']) {
      const res = await pat.api.request('PATCH', `/api/me/family/children/${childId}`, { medicalNotes: 'Planted', needsAttention: true });
      expect(res.status, childId).toBe(404);
      expect(res.body.message).toBe('Child not found');
    }
    const removed = await other.api.request('PATCH', `/api/me/family/children/${old.id}`, { medicalNotes: 'Planted' });
    expect(removed.status).toBe(404);
    expect(await childOf(other.id, 'Zed')).toMatchObject({ medicalNotes: null, needsAttention: false });
  });

  it('checks the body with the shared schema (400 with the message)', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const path = `/api/me/family/children/${(await childOf(pat.id, 'Ava')).id}`;
    const future = await pat.api.request('PATCH', path, { birthDate: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('birthDate: Date of birth must be a real date in the past (YYYY-MM-DD)');
    const consent = await pat.api.request('PATCH', path, { photoConsent: 'MAYBE' });
    expect(consent.status).toBe(400);
    expect(consent.body.message).toBe('photoConsent: Photo consent must be GIVEN or REFUSED');
    const long = await pat.api.request('PATCH', path, { medicalNotes: 'x'.repeat(2001) });
    expect(long.body.message).toBe('medicalNotes: Medical notes cannot exceed 2000 characters');
  });
});

describe('PUT /api/me/family/emergency-contacts', () => {
  const grace = { name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' };
  const alan = { name: 'Alan Turing', relationship: 'Neighbour', phone: '+44 20 7946 0958' };
  const ada = { name: 'Ada Lovelace', relationship: 'Aunt', phone: '(647) 555-0188' };

  it('replaces the whole list, in order, up to three; the family’s other guardian sees it', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const other = await signInNewParent(server, [['Zed', 2]]);
    const three = await pat.api.request('PUT', '/api/me/family/emergency-contacts', { contacts: [grace, alan, ada] });
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    expect(three.body.emergencyContacts).toEqual([grace, alan, ada]);
    expect(await contactsOf(pat.id)).toEqual([grace, alan, ada]);

    const sam = await secondGuardian(pat.id);
    expect((await sam.api.get('/api/me/family')).body.emergencyContacts).toEqual([grace, alan, ada]);
    const one = await sam.api.request('PUT', '/api/me/family/emergency-contacts', { contacts: [ada] });
    expect(one.body.emergencyContacts).toEqual([ada]);
    expect(await contactsOf(pat.id)).toEqual([ada]);
    expect(await contactsOf(other.id)).toEqual([]);

    const none = await pat.api.request('PUT', '/api/me/family/emergency-contacts', { contacts: [] });
    expect(none.status).toBe(200);
    expect(await contactsOf(pat.id)).toEqual([]);
  });

  it('refuses a fourth contact and a phone that cannot be dialled (400 with the message), keeping the saved list', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    await pat.api.request('PUT', '/api/me/family/emergency-contacts', { contacts: [grace] });

    const four = await pat.api.request('PUT', '/api/me/family/emergency-contacts', { contacts: [grace, alan, ada, { ...grace, name: 'Fourth' }] });
    expect(four.status).toBe(400);
    expect(four.body.message).toBe('contacts: At most 3 emergency contacts');

    const badPhone = await pat.api.request('PUT', '/api/me/family/emergency-contacts', { contacts: [grace, { ...alan, phone: '555' }] });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe(`contacts.1.phone: ${PHONE_INVALID}`);
    expect(badPhone.body.errors).toEqual([{ field: 'contacts.1.phone', message: PHONE_INVALID }]);

    const noName = await pat.api.request('PUT', '/api/me/family/emergency-contacts', { contacts: [{ ...grace, name: ' ' }] });
    expect(noName.body.message).toBe('contacts.0.name: Contact name is required');
    expect(await contactsOf(pat.id)).toEqual([grace]);
  });
});

describe('PATCH /api/me/guardian', () => {
  it('sets the caller’s own phone and email copies only, whatever the body names', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const sam = await secondGuardian(pat.id);
    const res = await pat.api.request('PATCH', '/api/me/guardian', { phone: ' 416 555 0199 ', copyMe: false, id: sam.id, familyId: randomUUID(), role: 'ADMIN' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: pat.id, phone: '416 555 0199', copyMe: false, isYou: true });
    const [patRow] = await db().select().from(users).where(eq(users.id, pat.id));
    expect(patRow).toMatchObject({ phone: '416 555 0199', copyMe: false, role: 'PARENT', familyId: pat.id });
    const [samRow] = await db().select().from(users).where(eq(users.id, sam.id));
    expect(samRow).toMatchObject({ phone: null, copyMe: true });

    // One field at a time; a blank phone clears it.
    await pat.api.request('PATCH', '/api/me/guardian', { copyMe: true });
    expect((await db().select().from(users).where(eq(users.id, pat.id)))[0]).toMatchObject({ phone: '416 555 0199', copyMe: true });
    await pat.api.request('PATCH', '/api/me/guardian', { phone: '' });
    expect((await db().select().from(users).where(eq(users.id, pat.id)))[0]!.phone).toBeNull();
  });

  it('refuses a phone that cannot be dialled (400, the message named on the field)', async () => {
    const pat = await signInNewParent(server, [['Ava', 2]]);
    const res = await pat.api.request('PATCH', '/api/me/guardian', { phone: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'phone', message: PHONE_INVALID }]);
    expect((await db().select().from(users).where(eq(users.id, pat.id)))[0]!.phone).toBeNull();
    expect((await db().select().from(families).where(eq(families.id, pat.id))).length).toBe(1);
  });
});
