import { randomBytes, randomUUID } from 'node:crypto';
import { subMonths } from 'date-fns';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERASE_CONFIRMATION_MISMATCH, ERASE_STAFF_REFUSED, ERASE_SUPER_ADMIN_ONLY } from '../../shared/schemas/privacy';
import {
  activityEntries,
  authSessions,
  bookingChildren,
  bookings,
  children,
  emailOutbox,
  emergencyContacts,
  families,
  familyErasures,
  idempotencyKeys,
  makeupCredits,
  passwordTokens,
  sessions,
  trustedDevices,
  users,
  waitlistEntries,
  webhookLogs,
} from '../db/schema';
import { dailyJobs, FAMILY_RETENTION_JOB } from '../services/scheduled-jobs/daily-jobs';
import { JobScheduler } from '../services/scheduled-jobs/job-scheduler';
import { at, NOW } from '../test-support/clock';
import { APP_TABLES, fingerprint } from '../test-support/db-fingerprint';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { testPasswordHash } from '../test-support/password-hashes';
import { insertBooking } from '../test-support/reminders';
import { ApiClient } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';

// Issue 31, the family's own data (docs/privacy.md), through real HTTP: 'Download our data' (GET /api/me/export),
// erasure by the office (POST /api/admin/users/:id/erase) and the retention job. The clock is pinned to Wednesday
// 2026-11-18 12:00 in Toronto; family A holds one of everything the portal keeps, family B sits beside it.
let now = NOW;
const {
  server,
  clients: { owner, admin },
} = withApi({ as: ['owner', 'admin'], clock: () => now });
const db = () => server.database.db;
const tag = randomBytes(3).toString('hex');

/** Everything planted for a family, as the needles the erasure walk looks for. */
interface Planted {
  familyId: string;
  guardians: Array<{ id: string; email: string; password: string }>;
  client: ApiClient;
  needles: string[];
  markers: { childName: string; note: string; officeNotes: string; crmId: string; contactName: string; subject: string; secret: string; creditNote: string };
  pastBookingId: string;
  upcomingBookingId: string;
  upcomingSessionId: string;
}

let classCode = '';
async function sessionsForTests() {
  const classType = await createClassType(db(), { code: `PRIV${tag}`.toUpperCase(), name: 'Privacy Class', minAge: null, maxAge: null });
  classCode = classType.code;
  return {
    past: await createSession(db(), { classTypeId: classType.id, startsAt: at(0, 17) }),
    upcoming: await createSession(db(), { classTypeId: classType.id, startsAt: at(4, 17) }),
    full: await createSession(db(), { classTypeId: classType.id, startsAt: at(5, 10), capacity: 1 }),
  };
}

/** A family with two guardians, a child with notes, a contact, a booking attended, an upcoming one, a waiting entry, e-mails, CRM deliveries, devices. */
async function plantFamily(prefix: string, s: Awaited<ReturnType<typeof sessionsForTests>>): Promise<Planted> {
  const first = await createParent(db(), [[`${prefix}Zephyrine${tag}`, 3]], `${prefix.toLowerCase()}first`);
  const familyId = first.id;
  const markers = {
    childName: `${prefix}Zephyrine${tag}`,
    note: `${prefix} tree-nut allergy ZX${tag}`,
    officeNotes: `${prefix} office note QV${tag}`,
    crmId: `crm-${prefix.toLowerCase()}-${tag}`,
    contactName: `${prefix}Ottoline Reeve${tag}`,
    subject: `${prefix} booking confirmed ${tag}`,
    secret: `${prefix}set-password-secret-${tag}`,
    creditNote: `${prefix} credit note KW${tag}`,
  };
  const names = { first: [`${prefix}Quillon${tag}`, `${prefix}Marchetti${tag}`] as const, second: [`${prefix}Ysolde${tag}`, `${prefix}Brannagh${tag}`] as const };
  const digits = prefix === 'A' ? '11' : '22';
  const phones = [`+1 613 555 01${digits}`, `+44 20 7946 03${digits}`] as const;
  const contactPhone = `905-555-04${digits}`;
  await db().update(users).set({ firstName: names.first[0], lastName: names.first[1], phone: phones[0] }).where(eq(users.id, familyId));
  await db().update(families).set({ notes: markers.officeNotes, crmUserId: markers.crmId }).where(eq(families.id, familyId));
  const secondEmail = `${prefix.toLowerCase()}second-${tag}@example.com`;
  const [second] = await db()
    .insert(users)
    .values({ familyId, email: secondEmail, firstName: names.second[0], lastName: names.second[1], phone: phones[1], passwordHash: await testPasswordHash('secret-pass') })
    .returning({ id: users.id });
  const [kid] = await db()
    .update(children)
    .set({ medicalNotes: markers.note, needsAttention: true, birthDate: '2015-04-02', sex: 'F', photoConsent: 'REFUSED' })
    .where(eq(children.familyId, familyId))
    .returning({ id: children.id });
  // Through the office's API, so the activity log (issue 34) holds the contact's name and phone too.
  const contacts = await admin.request('PUT', `/api/admin/users/${familyId}/emergency-contacts`, { contacts: [{ name: markers.contactName, relationship: 'Aunt', phone: contactPhone }] });
  expect(contacts.status, JSON.stringify(contacts.body)).toBe(200);
  const [logged] = await db().select().from(activityEntries).where(sql`${familyId}::uuid = any(${activityEntries.familyIds})`);
  expect(JSON.stringify(logged?.changes)).toContain(markers.contactName);

  const pastBookingId = await insertBooking(db(), { userId: familyId, sessionId: s.past.id, childNames: [markers.childName] });
  await db().update(bookingChildren).set({ checkedInAt: at(0, 16, 55), checkedInByName: 'Adam Archer' }).where(eq(bookingChildren.bookingId, pastBookingId));
  await db().update(bookings).set({ bookedByUserId: second!.id }).where(eq(bookings.id, pastBookingId));
  const upcomingBookingId = await insertBooking(db(), { userId: familyId, sessionId: s.upcoming.id, childNames: [markers.childName] });
  await db().update(bookings).set({ officeNote: `${prefix} booking note ${tag}`, bookedBy: 'OFFICE' }).where(eq(bookings.id, upcomingBookingId));
  await db().insert(waitlistEntries).values({ familyId, joinedByUserId: familyId, sessionId: s.full.id, childIds: [kid!.id], childNames: [markers.childName] });
  // Issue 32: a make-up credit the office granted with a note, used by the upcoming booking.
  await db()
    .insert(makeupCredits)
    .values({ familyId, childId: kid!.id, reason: 'OFFICE', note: markers.creditNote, createdAt: at(1, 9), expiresAt: at(30, 0), usedBookingId: upcomingBookingId });

  await db()
    .insert(emailOutbox)
    .values([
      { toAddress: first.email, subject: markers.subject, textBody: `Hello ${names.first[0]}, ${markers.childName} is booked.`, status: 'SENT', sentAt: at(0, 9), secrets: { token: markers.secret } },
      { toAddress: secondEmail.toUpperCase(), subject: `${prefix} copy ${tag}`, textBody: `A copy for ${names.second[0]}`, status: 'PENDING' },
    ]);
  await db()
    .insert(webhookLogs)
    .values([
      {
        endpoint: 'crm-plans',
        method: 'POST',
        responseStatus: 200,
        responseMessage: `Updated ${first.email}`,
        headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=1,v1=sig${tag}` },
        body: { email: first.email.toUpperCase(), firstName: names.first[0], phone: phones[0] },
        mappedData: { email: first.email, firstName: names.first[0] },
      },
      { endpoint: 'crm-plans', method: 'POST', responseStatus: 200, body: { contactId: markers.crmId, plan: 'TWO' }, mappedData: { crmUserId: markers.crmId } },
    ]);

  // Devices: a real sign-in with its browser (and the trusted-device cookie it leaves), a throttle counter for the
  // second guardian, a set-password link and a stored idempotent answer.
  const client = new ApiClient(server.baseUrl);
  const login = await client.post('/api/auth/login', { email: first.email, password: first.password }, { 'user-agent': `PrivacyBrowser/${tag}` });
  expect(login.status).toBe(200);
  expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { email: secondEmail, password: 'wrong-password' })).status).toBe(401);
  await db().insert(trustedDevices).values({ tokenHash: randomBytes(32).toString('hex'), userId: second!.id, expiresAt: at(60, 0) });
  await db().insert(passwordTokens).values({ userId: second!.id, tokenHash: randomBytes(32).toString('hex'), expiresAt: at(3, 0) });
  await db().insert(idempotencyKeys).values({ userId: familyId, key: randomUUID(), requestHash: 'h', responseStatus: 201, responseBody: { childNames: [markers.childName] } });

  return {
    familyId,
    guardians: [first, { id: second!.id, email: secondEmail, password: 'secret-pass' }],
    client,
    needles: [first.email, secondEmail, ...names.first, ...names.second, ...phones, contactPhone, markers.childName, markers.note, markers.officeNotes, markers.crmId, markers.contactName, markers.subject, markers.creditNote],
    markers,
    pastBookingId,
    upcomingBookingId,
    upcomingSessionId: s.upcoming.id,
  };
}

let A: Planted;
let B: Planted;
beforeAll(async () => {
  const s = await sessionsForTests();
  A = await plantFamily('A', s);
  B = await plantFamily('B', s);
});

const exportOf = async (client: ApiClient) => {
  const response = await client.get('/api/me/export');
  expect(response.status).toBe(200);
  return { response, text: JSON.stringify(response.body), data: response.body };
};

describe("'Download our data' (GET /api/me/export)", () => {
  it('answers a JSON attachment with everything the database holds for the family', async () => {
    const { response, data, text } = await exportOf(A.client);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="northbound-family-data-2026-11-18.json"');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);

    expect(data.exportedAt).toBe(NOW.toISOString());
    expect(data.family).toMatchObject({ planTier: 'TWO', officeNotes: A.markers.officeNotes, crmContactId: A.markers.crmId, calendarFeedOn: false });
    expect(data.guardians.map((g: { email: string }) => g.email).sort()).toEqual(A.guardians.map((g) => g.email).sort());
    expect(data.guardians[0]).toMatchObject({ phone: expect.any(String), copyMe: true, isActive: true, removedAt: null });
    expect(data.children).toEqual([
      expect.objectContaining({ name: A.markers.childName, medicalNotes: A.markers.note, needsAttention: true, birthDate: '2015-04-02', sex: 'F', photoConsent: 'REFUSED' }),
    ]);
    expect(data.emergencyContacts).toEqual([{ name: A.markers.contactName, relationship: 'Aunt', phone: '905-555-0411' }]);
    expect(data.bookings).toHaveLength(2);
    expect(data.bookings[0]).toMatchObject({
      className: 'Privacy Class',
      status: 'CONFIRMED',
      bookedBy: 'FAMILY',
      bookedByGuardian: expect.stringContaining('AYsolde'),
      children: [{ name: A.markers.childName, checkedInAt: at(0, 16, 55).toISOString() }],
    });
    expect(data.bookings[1]).toMatchObject({ bookedBy: 'OFFICE', children: [{ name: A.markers.childName, checkedInAt: null }] });
    expect(data.waitlist).toEqual([expect.objectContaining({ childNames: [A.markers.childName], status: 'WAITING' })]);
    expect(data.makeupCredits).toEqual([
      {
        childName: A.markers.childName,
        reason: 'OFFICE',
        createdAt: at(1, 9).toISOString(),
        expiresAt: at(30, 0).toISOString(),
        usedByBooking: `NB-${A.upcomingBookingId.slice(-8).toUpperCase()}`,
        removedAt: null,
      },
    ]);
    expect(data.emails).toHaveLength(2);
    expect(data.emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: A.guardians[0]!.email, subject: A.markers.subject, status: 'SENT' }),
        expect.objectContaining({ to: A.guardians[1]!.email.toUpperCase(), status: 'PENDING', sentAt: null }),
      ]),
    );
    expect(data.crmDeliveries).toHaveLength(2);
    const byEmail = data.crmDeliveries.find((d: { applied: { email?: string } }) => d.applied?.email);
    const byCrmId = data.crmDeliveries.find((d: { applied: { crmUserId?: string } }) => d.applied?.crmUserId);
    expect(byEmail.headers).toEqual({ 'content-type': 'application/json' });
    expect(byEmail.applied).toEqual({ email: A.guardians[0]!.email, firstName: `AQuillon${tag}` });
    expect(byCrmId.body).toEqual({ contactId: A.markers.crmId, plan: 'TWO' });
    expect(data.devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ guardianEmail: A.guardians[0]!.email, kind: 'SIGN_IN', userAgent: `PrivacyBrowser/${tag}` }),
        expect.objectContaining({ guardianEmail: A.guardians[1]!.email, kind: 'TRUSTED_DEVICE' }),
      ]),
    );

    // No password hash, token, token hash, e-mail secret or signature.
    const hashes = await db().select({ h: authSessions.tokenHash }).from(authSessions).where(eq(authSessions.userId, A.familyId));
    const devices = await db().select({ h: trustedDevices.tokenHash }).from(trustedDevices).where(inArray(trustedDevices.userId, A.guardians.map((g) => g.id)));
    expect(hashes.length).toBeGreaterThan(0);
    for (const secret of ['$argon2', 'passwordHash', 'tokenHash', A.markers.secret, `sig${tag}`, ...hashes.map((r) => r.h), ...devices.map((r) => r.h)]) {
      expect(text, secret).not.toContain(secret);
    }
    // The office's notes on a booking or a credit are never shown to the family (docs/product-rules.md).
    expect(text).not.toContain(`A booking note ${tag}`);
    expect(text).not.toContain(A.markers.creditNote);
  });

  it("carries nothing of the family beside it, and each family gets only its own", async () => {
    const a = await exportOf(A.client);
    const b = await exportOf(B.client);
    for (const needle of B.needles) expect(a.text, needle).not.toContain(needle);
    for (const needle of A.needles) expect(b.text, needle).not.toContain(needle);
    expect(b.data.guardians.map((g: { email: string }) => g.email).sort()).toEqual(B.guardians.map((g) => g.email).sort());
    // Nothing in the request chooses the family.
    const asked = await A.client.get(`/api/me/export?familyId=${B.familyId}&userId=${B.familyId}`);
    for (const needle of B.needles) expect(JSON.stringify(asked.body), needle).not.toContain(needle);
  });

  it('is refused to a visitor, and is 404 for a staff account without a family', async () => {
    expect((await new ApiClient(server.baseUrl).get('/api/me/export')).status).toBe(401);
    expect((await admin.get('/api/me/export')).status).toBe(404);
  });
});

/** Every text, JSON and array column of every table, searched for each needle: the places each one is found. */
async function walk(needles: string[]): Promise<string[]> {
  const columns = (await db().execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    order by table_name, column_name`)) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  expect(columns.rows.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const counts = needles.map((needle, i) => sql`count(*) filter (where strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0)::int as ${sql.identifier(`n${i}`)}`);
    const result = (await db().execute(sql`select ${sql.join(counts, sql`, `)} from ${sql.identifier(table)}`)) as unknown as { rows: Array<Record<string, number>> };
    needles.forEach((needle, i) => {
      if (Number(result.rows[0]![`n${i}`]) > 0) found.push(`${table}.${column}: ${needle}`);
    });
  }
  return found;
}

const erase = (client: ApiClient, userId: string, confirm: string) => client.post(`/api/admin/users/${userId}/erase`, { confirm });

const reservations = async () => {
  const from = at(-7, 0).toISOString();
  const to = at(13, 0).toISOString();
  const response = await owner.get(`/api/admin/reservations?classCode=${classCode}&from=${from}&to=${to}`);
  expect(response.status).toBe(200);
  return response.body as Array<{ id: string; status: string; attendance: string | null; children: Array<{ checkedInAt: string | null }> }>;
};

describe('erasure by the office (POST /api/admin/users/:id/erase)', () => {
  it('is refused to an ADMIN (403) and for a wrong confirmation (400), changing nothing', async () => {
    const before = await fingerprint(db(), { ...APP_TABLES, families: '*', emergency_contacts: '*', waitlist_entries: '*', trusted_devices: '*', family_erasures: '*' });
    const byAdmin = await erase(admin, A.familyId, A.guardians[0]!.email);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(ERASE_SUPER_ADMIN_ONLY);
    for (const confirm of [A.guardians[0]!.email.toUpperCase(), ` ${A.guardians[0]!.email}`, A.guardians[1]!.email, '']) {
      const wrong = await erase(owner, A.familyId, confirm);
      expect(wrong.status, confirm).toBe(400);
      expect(wrong.body.message).toBe(ERASE_CONFIRMATION_MISMATCH);
    }
    expect(await fingerprint(db(), { ...APP_TABLES, families: '*', emergency_contacts: '*', waitlist_entries: '*', trusted_devices: '*', family_erasures: '*' })).toEqual(before);
  });

  it('is refused (409) for a family whose guardian is a coach, changing nothing', async () => {
    const coach = await createParent(db(), [[`Coachkid${tag}`, 1]], `door${tag}`);
    await db().update(users).set({ role: 'COACH' }).where(eq(users.id, coach.id));
    const refused = await erase(owner, coach.id, coach.email);
    expect(refused).toMatchObject({ status: 409, body: { message: ERASE_STAFF_REFUSED } });
    expect((await db().select({ email: users.email }).from(users).where(eq(users.id, coach.id)))[0]!.email).toBe(coach.email);
  });

  it('leaves no personal field of the family in any table, keeps its bookings as anonymous counts and frees its upcoming spots', async () => {
    // The walk finds every needle before: it can fail.
    const before = await walk([...A.needles, ...B.needles]);
    for (const needle of [...A.needles, ...B.needles]) expect(before.some((place) => place.endsWith(`: ${needle}`)), needle).toBe(true);
    const report = await reservations();
    const [upcoming] = await db().select().from(sessions).where(eq(sessions.id, A.upcomingSessionId));

    // The second guardian's page erases the whole family; the confirmation is the first guardian's address.
    const erased = await erase(owner, A.guardians[1]!.id, A.guardians[0]!.email);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ message: 'Family erased', bookingsKept: 2 });

    expect(await walk(A.needles)).toEqual([]);
    // The family beside it keeps everything.
    const after = await walk(B.needles);
    for (const needle of B.needles) expect(after.some((place) => place.endsWith(`: ${needle}`)), needle).toBe(true);

    const ids = A.guardians.map((g) => g.id);
    expect(await db().select().from(authSessions).where(inArray(authSessions.userId, ids))).toEqual([]);
    expect(await db().select().from(trustedDevices).where(inArray(trustedDevices.userId, ids))).toEqual([]);
    expect(await db().select().from(passwordTokens).where(inArray(passwordTokens.userId, ids))).toEqual([]);
    expect(await db().select().from(idempotencyKeys).where(inArray(idempotencyKeys.userId, ids))).toEqual([]);
    expect(await db().select().from(emergencyContacts).where(eq(emergencyContacts.familyId, A.familyId))).toEqual([]);
    const guardians = await db().select().from(users).where(inArray(users.id, ids));
    expect(guardians.every((g) => g.passwordHash === null && g.phone === null && !g.isActive && g.deletedAt !== null)).toBe(true);
    // The unsent e-mail is gone, the sent one keeps its status and times only.
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'Erased'));
    expect(mail.map((m) => [m.status, m.secrets, m.textBody])).toEqual([['SENT', null, '']]);
    // The erased guardian can no longer sign in, and the old cookie is dead.
    expect((await A.client.get('/api/me/export')).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { email: A.guardians[0]!.email, password: A.guardians[0]!.password })).status).toBe(401);

    // The reports count the same bookings: the past one still attended, the upcoming one cancelled (its spot freed).
    const reportAfter = await reservations();
    expect(reportAfter.map((r) => r.id).sort()).toEqual(report.map((r) => r.id).sort());
    const past = (rows: typeof report) => rows.find((r) => r.id === A.pastBookingId)!;
    expect(past(reportAfter).attendance).toBe(past(report).attendance);
    expect(past(reportAfter).attendance).toBe('attended');
    expect(past(reportAfter).status).toBe('CONFIRMED');
    expect(reportAfter.find((r) => r.id === A.upcomingBookingId)!.status).toBe('CANCELLED');
    const [upcomingAfter] = await db().select().from(sessions).where(eq(sessions.id, A.upcomingSessionId));
    expect(upcomingAfter!.bookedCount).toBe(upcoming!.bookedCount - 1);
    const waiting = await db().select().from(waitlistEntries).where(eq(waitlistEntries.familyId, A.familyId));
    expect(waiting.map((w) => [w.status, w.childNames])).toEqual([['REMOVED', ['Erased']]]);

    const [record] = await db().select().from(familyErasures).where(eq(familyErasures.reason, 'OFFICE'));
    expect(record).toMatchObject({ erasedByName: 'Olivia Owens', reason: 'OFFICE', bookingsKept: 2, erasedAt: NOW });
    expect(record!.erasedByUserId).not.toBeNull();

    // Erased once.
    expect((await erase(owner, A.familyId, guardians.find((g) => g.id === A.familyId)!.email)).status).toBe(409);
  });
});

describe('the retention job (RETENTION_MONTHS, default 24)', () => {
  it('erases a family deactivated 25 months ago, not one deactivated 23 months ago nor a coach’s, once a day across two runs', async () => {
    const old = await createParent(db(), [[`Oldkid${tag}`, 1]], `old${tag}`);
    const recent = await createParent(db(), [[`Newkid${tag}`, 1]], `recent${tag}`);
    // A coach who left two years ago (deactivated, not deleted) is the office's to erase, like an administrator.
    const coach = await createParent(db(), [[`Coachkid${tag}`, 1]], `coach${tag}`);
    await db().update(users).set({ role: 'COACH' }).where(eq(users.id, coach.id));
    await db().update(users).set({ isActive: false }).where(inArray(users.id, [old.id, recent.id, coach.id]));
    await db().update(families).set({ deactivatedAt: subMonths(NOW, 25) }).where(inArray(families.id, [old.id, coach.id]));
    await db().update(families).set({ deactivatedAt: subMonths(NOW, 23) }).where(eq(families.id, recent.id));
    const retentionRecords = async () => db().select().from(familyErasures).where(eq(familyErasures.reason, 'RETENTION'));
    expect(await retentionRecords()).toEqual([]);

    // Two instances' checks on the same day: the job runs once.
    const log = { info: () => undefined, debug: () => undefined, error: () => undefined };
    const instances = [1, 2].map(() => new JobScheduler(server.app.unitOfWork, dailyJobs(server.app.env), log, () => now));
    const runs = await Promise.all(instances.map((instance) => instance.runDue()));
    expect(runs.flat().filter((name) => name === FAMILY_RETENTION_JOB)).toHaveLength(1);
    now = new Date(NOW.getTime() + 6 * 3_600_000);
    expect(await server.app.scheduler.runDue()).not.toContain(FAMILY_RETENTION_JOB);

    const emails = async (id: string) => (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
    expect(await emails(old.id)).toMatch(/@erased\.invalid$/);
    expect(await emails(recent.id)).toBe(recent.email);
    expect(await emails(coach.id)).toBe(coach.email);
    const kid = await db().select({ name: children.name }).from(children).where(and(eq(children.familyId, recent.id)));
    expect(kid).toEqual([{ name: `Newkid${tag}` }]);
    expect(await walk([old.email, `Oldkid${tag}`])).toEqual([]);
    const records = await retentionRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ erasedByUserId: null, erasedByName: null, bookingsKept: 0 });
  });
});
