import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { torontoTime } from '../../shared/rules/week';
import { authSessions, bookingChildren, bookings, children, emailOutbox, families, fieldMappingRules, fieldMappingTemplates, users, webhookConfigs, webhookLogs } from '../db/schema';
import { hashPassword } from '../services/auth/password';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { ApiClient, readBody } from '../test-support/test-server';
import { signWebhook } from '../test-support/webhook-signing';
import { NOW } from '../test-support/clock';
import { withApi } from '../test-support/with-api';

// The CRM webhook receiver through real HTTP, with the server's clock pinned to Wednesday 2026-11-18 12:00
// Toronto (each reading one millisecond later than the last, so log rows sort in delivery order) and a
// real SMTP sink. Configurations are written straight to the database.
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const SECRET = 'test-crm-secret-0123456789abcdef';

/** Every target the CRM sends in these tests, in BUILT_IN_SAMPLE_PAYLOAD's shape. */
const MAPPINGS = JSON.stringify({
  email: 'contact.email',
  firstName: 'contact.firstName',
  lastName: 'contact.lastName',
  crmUserId: 'contact.id',
  password: 'contact.password',
  planTier: 'plan.tier',
  weeklyLimit: 'plan.sessionsPerWeek',
  firstChildName: 'children[0].name',
  firstChildWeeklyLimit: 'children[0].weeklyLimit',
  secondChildName: 'children[1].name',
  secondChildWeeklyLimit: 'children[1].weeklyLimit',
  notes: 'notes',
  isActive: 'active',
  updatedAt: 'updatedAt',
});

let ticks = 0;
const clock = () => new Date(NOW.getTime() + ++ticks);
let signed: { id: string; endpoint: string };
/** A configuration saved before secrets were required (written straight to the database): it receives nothing. */
let noSecret: { id: string; endpoint: string };

const db = () => server.database.db;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

async function createConfig(values: Partial<typeof webhookConfigs.$inferInsert> = {}) {
  const [row] = await db()
    .insert(webhookConfigs)
    .values({ name: 'CRM test', endpoint: unique('crm'), fieldMappings: MAPPINGS, secretKey: SECRET, ...values })
    .returning();
  return row!;
}

const { server, smtp } = withApi({
  smtp: true,
  seed: false,
  clock,
  // The per-address rate limit has its own test (webhooks-limits.test.ts); here every delivery must get through.
  env: { BUSINESS_NAME: 'Test Athletics', PUBLIC_URL: 'https://portal.test', WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000' },
});
beforeAll(async () => {
  signed = await createConfig();
  noSecret = await createConfig({ secretKey: null });
});

interface DeliverOptions {
  /** Sign with this secret (default: SECRET); null sends no signature. */
  secret?: string | null;
  t?: number;
  headers?: Record<string, string>;
  /** Sign this text instead of the body sent (a tampered delivery). */
  signedBody?: string;
  query?: string;
}

/** Posts a delivery exactly as the CRM would: the raw text, signed over those bytes. */
async function deliver(endpoint: string, payload: unknown, options: DeliverOptions = {}) {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  const secret = options.secret === undefined ? SECRET : options.secret;
  if (secret) headers['x-webhook-signature'] = signWebhook(secret, options.signedBody ?? raw, options.t ?? NOW_SECONDS);
  const response = await fetch(`${server.baseUrl}/api/webhooks/${endpoint}${options.query ?? ''}`, { method: 'POST', headers, body: raw });
  return { status: response.status, body: await readBody(response) };
}

/** A CRM plan purchase for a new family (unique contact id and e-mail). */
function purchase(overrides: { contact?: Record<string, unknown>; [key: string]: unknown } = {}) {
  const id = unique('crm-contact');
  const { contact, ...rest } = overrides;
  return {
    event: 'plan.purchased',
    contact: { id, email: `${id}@example.com`, firstName: 'Jordan', lastName: 'Rivera', ...contact },
    plan: { tier: 'TWO', sessionsPerWeek: 2 },
    children: [
      { name: 'Maya', weeklyLimit: 2 },
      { name: 'Leo', weeklyLimit: 1 },
    ],
    updatedAt: '2026-11-18T16:00:00.000Z',
    ...rest,
  };
}

const userByEmail = async (email: string) => (await db().select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())))[0];
const userById = async (id: string) => {
  // The account with its family's columns (plan, CRM identity, feed: issue 31 moved them to families).
  const [row] = await db().select({ user: users, family: families }).from(users).leftJoin(families, eq(families.id, users.familyId)).where(eq(users.id, id));
  return { ...row!.family!, ...row!.user };
};
const kidsOf = (userId: string) =>
  db()
    .select({ name: children.name, weeklyLimit: children.weeklyLimit, position: children.position })
    .from(children)
    .where(eq(children.familyId, userId))
    .orderBy(asc(children.position));
const logsOf = (configId: string) => db().select().from(webhookLogs).where(eq(webhookLogs.webhookConfigId, configId)).orderBy(asc(webhookLogs.createdAt));
const configRow = async (id: string) => (await db().select().from(webhookConfigs).where(eq(webhookConfigs.id, id)))[0]!;
/** The newest log row of a configuration (rows share the pinned clock, so the count picks it). */
async function lastLog(configId: string) {
  const rows = await logsOf(configId);
  return { row: rows.at(-1)!, count: rows.length };
}

describe('POST /api/webhooks/:endpoint: accepted deliveries', () => {
  it('creates a parent from a signed delivery, emails the set-password link and counts the delivery', async () => {
    const before = await configRow(signed.id);
    const payload = purchase({ notes: 'Bought at the fall fair' });
    const res = await deliver(signed.endpoint, payload, { query: '?source=crm&token=abc' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ message: 'Parent account created', action: 'created', userId: expect.any(String) });

    const user = await userById(res.body.userId);
    expect(user).toMatchObject({
      email: payload.contact.email,
      firstName: 'Jordan',
      lastName: 'Rivera',
      role: 'PARENT',
      planTier: 'TWO',
      weeklyLimit: 2,
      crmUserId: payload.contact.id,
      isActive: true,
      notes: 'Bought at the fall fair',
      passwordHash: null,
    });
    expect(user.crmUpdatedAt?.toISOString()).toBe('2026-11-18T16:00:00.000Z');
    expect(await kidsOf(user.id)).toEqual([
      { name: 'Maya', weeklyLimit: 2, position: 1 },
      { name: 'Leo', weeklyLimit: 1, position: 2 },
    ]);

    const mail = await smtp.waitForMail(payload.contact.email, 'Welcome to Test Athletics');
    expect(mail.text).toContain('Hello Jordan,');
    expect(mail.text).toMatch(/https:\/\/portal\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);

    const after = await configRow(signed.id);
    expect(after.triggerCount).toBe(before.triggerCount + 1);
    expect(after.lastTriggered!.getTime()).toBeGreaterThan(before.lastTriggered?.getTime() ?? 0);

    const { row } = await lastLog(signed.id);
    expect(row).toMatchObject({
      endpoint: signed.endpoint,
      method: 'POST',
      responseStatus: 201,
      responseMessage: 'Parent account created',
      errorDetails: null,
      ipAddress: '127.0.0.1',
      queryParams: { source: 'crm', token: '[redacted]' },
      mappedData: expect.objectContaining({ email: payload.contact.email, crmUserId: payload.contact.id, planTier: 'TWO' }),
      body: payload,
    });
    expect(row.createdAt.getTime() - NOW.getTime()).toBeLessThan(60_000);
    expect(row.createdAt.getTime()).toBe(after.lastTriggered?.getTime());
    expect(Number.isInteger(row.processingTimeMs)).toBe(true);
    expect((row.headers as Record<string, string>)['x-webhook-signature']).toBe('[redacted]');
    expect((row.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('accepts a signed delivery even with a foreign Origin header', async () => {
    const payload = purchase();
    const res = await deliver(signed.endpoint, payload, { headers: { origin: 'https://crm.example.net', 'sec-fetch-site': 'cross-site' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await userByEmail(payload.contact.email))?.id).toBe(res.body.userId);
    // The endpoint is matched however the CRM spells it.
    const again = await deliver(signed.endpoint.toUpperCase(), payload);
    expect(again.body).toMatchObject({ action: 'unchanged', userId: res.body.userId });
  });

  it('answers a repeated delivery with "unchanged" and writes nothing (no second email)', async () => {
    const payload = purchase();
    const first = await deliver(signed.endpoint, payload);
    expect(first.status).toBe(201);
    await smtp.waitForMail(payload.contact.email, 'Welcome to Test Athletics');
    const before = await userById(first.body.userId);

    const second = await deliver(signed.endpoint, payload);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ message: 'No changes: the account already matches', action: 'unchanged', userId: first.body.userId });
    expect(await userById(first.body.userId)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to?.some((a) => a.address === payload.contact.email))).toHaveLength(1);
    expect((await lastLog(signed.id)).row).toMatchObject({ responseStatus: 200, responseMessage: 'No changes: the account already matches' });
  });

  it('sends no welcome link to an account the CRM creates inactive, and sends it when the CRM activates it', async () => {
    const payload = purchase({ active: false });
    const created = await deliver(signed.endpoint, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await userById(created.body.userId)).toMatchObject({ isActive: false, passwordHash: null });
    // The e-mail is queued in the same transaction as the account, so an empty outbox means none will go out.
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, payload.contact.email))).toHaveLength(0);

    const activated = await deliver(signed.endpoint, { ...payload, active: true, updatedAt: '2026-11-18T16:05:00.000Z' });
    expect(activated.body).toMatchObject({ action: 'updated', message: 'Parent account updated: isActive, crmUpdatedAt' });
    const mail = await smtp.waitForMail(payload.contact.email, 'Welcome to Test Athletics');
    expect(mail.text).toMatch(/https:\/\/portal\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('updates the account matched by CRM contact id: only the fields that differ', async () => {
    const payload = purchase();
    const created = await deliver(signed.endpoint, payload);
    const changed = {
      ...payload,
      contact: { ...payload.contact, firstName: 'Jordana', lastName: 'Rivera-Lopez' },
      plan: { tier: 'three', sessionsPerWeek: 2 },
      updatedAt: '2026-11-18T16:05:00.000Z',
    };
    const res = await deliver(signed.endpoint, changed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Parent account updated: firstName, lastName, planTier, crmUpdatedAt',
      action: 'updated',
      userId: created.body.userId,
    });
    expect(await userById(created.body.userId)).toMatchObject({ firstName: 'Jordana', lastName: 'Rivera-Lopez', planTier: 'THREE', weeklyLimit: 2 });
    expect((await userById(created.body.userId)).updatedAt.getTime()).toBeGreaterThan((await userById(created.body.userId)).createdAt.getTime());
    // A changed e-mail follows the contact; the family's own password is never replaced by the CRM's.
    await db().update(users).set({ passwordHash: await hashPassword('family-own-1') }).where(eq(users.id, created.body.userId));
    const hash = (await userById(created.body.userId)).passwordHash;
    const moved = await deliver(signed.endpoint, {
      ...changed,
      contact: { ...changed.contact, email: `NEW-${payload.contact.email}`, password: 'crm-chosen-1' },
      updatedAt: '2026-11-18T16:06:00.000Z',
    });
    expect(moved.body.message).toBe('Parent account updated: email, crmUpdatedAt');
    const after = await userById(created.body.userId);
    expect(after.email).toBe(`new-${payload.contact.email}`);
    expect(after.passwordHash).toBe(hash);
    expect((await lastLog(signed.id)).row.mappedData).toMatchObject({ password: '[redacted]' });
  });

  it('links an existing account matched by email to the CRM contact', async () => {
    const parent = await createParent(db(), [['Ivy', 1]]);
    const payload = purchase({
      contact: { email: parent.email.toUpperCase(), firstName: 'Test', lastName: 'Parent' },
      plan: { tier: 'TWO', sessionsPerWeek: 1 },
      children: [{ name: 'Ivy' }],
    });
    const res = await deliver(signed.endpoint, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Parent account updated: crmUserId, crmUpdatedAt',
      action: 'updated',
      userId: parent.id,
    });
    expect((await userById(parent.id)).crmUserId).toBe(payload.contact.id);
    expect(await db().select().from(users).where(eq(sql`lower(${users.email})`, parent.email))).toHaveLength(1);
  });

  it('ignores a delivery older than the last one applied', async () => {
    const payload = purchase({ updatedAt: '2026-11-18T15:00:00.000Z' });
    const created = await deliver(signed.endpoint, payload);
    const late = await deliver(signed.endpoint, { ...payload, contact: { ...payload.contact, firstName: 'Old' }, updatedAt: '2026-11-18T14:00:00.000Z' });
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ message: 'Ignored: a newer CRM update was already applied', action: 'unchanged', userId: created.body.userId });
    expect((await userById(created.body.userId)).firstName).toBe('Jordan');
  });

  it("lowers a child's weekly limit without touching the booking they already have", async () => {
    const payload = purchase({ children: [{ name: 'Maya', weeklyLimit: 3 }] });
    const created = await deliver(signed.endpoint, payload);
    const [maya] = await db().select().from(children).where(eq(children.familyId, created.body.userId));
    const classType = await createClassType(db());
    const session = await createSession(db(), { classTypeId: classType.id, startsAt: new Date(torontoTime(2026, 11, 20, 17, 0).getTime()) });
    const [booking] = await db().insert(bookings).values({ familyId: created.body.userId, sessionId: session.id, createdAt: NOW }).returning();
    await db().insert(bookingChildren).values({ bookingId: booking!.id, childId: maya!.id, childName: 'Maya', position: 0 });

    const lowered = await deliver(signed.endpoint, { ...payload, children: [{ name: 'Maya', weeklyLimit: 1 }], updatedAt: '2026-11-18T16:10:00.000Z' });
    expect(lowered.body.message).toBe('Parent account updated: crmUpdatedAt, firstChildWeeklyLimit');
    expect(await kidsOf(created.body.userId)).toEqual([{ name: 'Maya', weeklyLimit: 1, position: 1 }]);
    const [kept] = await db().select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(kept!.status).toBe('CONFIRMED');
    expect(await db().select().from(bookingChildren).where(eq(bookingChildren.bookingId, booking!.id))).toHaveLength(1);

    // Leaving a child out of the payload never removes them.
    const fewer = await deliver(signed.endpoint, { ...payload, children: [], updatedAt: '2026-11-18T16:11:00.000Z' });
    expect(fewer.body.message).toBe('Parent account updated: crmUpdatedAt');
    expect(await kidsOf(created.body.userId)).toHaveLength(1);
  });

  it('maps with the linked active template: ordered rules and transforms; a required field missing is 422', async () => {
    const [template] = await db().insert(fieldMappingTemplates).values({ name: 'Shouty CRM', source: 'shouty' }).returning();
    await db()
      .insert(fieldMappingRules)
      .values([
        { templateId: template!.id, sourcePath: 'person.mail', targetPath: 'email', required: true, transform: 'toLower', order: 0 },
        { templateId: template!.id, sourcePath: 'person.first', targetPath: 'firstName', required: true, transform: 'trim', order: 1 },
        { templateId: template!.id, sourcePath: 'person.last', targetPath: 'lastName', required: true, transform: 'toUpper', order: 2 },
        { templateId: template!.id, sourcePath: 'person.ref', targetPath: 'crmUserId', required: true, transform: 'none', order: 3 },
        { templateId: template!.id, sourcePath: 'tier', targetPath: 'planTier', required: false, transform: 'toUpper', order: 4 },
      ]);
    // The configuration's own fieldMappings would find nothing in this payload: the template's rules win.
    const config = await createConfig({ templateId: template!.id });
    const ref = unique('shouty');
    const res = await deliver(config.endpoint, { person: { mail: `  ${ref.toUpperCase()}@Example.COM `, first: '  Ana  ', last: 'de la Cruz', ref }, tier: 'three' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await userById(res.body.userId)).toMatchObject({ email: `${ref}@example.com`, firstName: 'Ana', lastName: 'DE LA CRUZ', planTier: 'THREE', crmUserId: ref });

    const incomplete = await deliver(config.endpoint, { person: { mail: 'x@example.com', first: 'Ana', last: '   ', ref: unique('shouty') } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body).toEqual({ message: 'Missing required fields: lastName', code: 'VALIDATION_FAILED', errors: ['Missing required fields: lastName'] });
    expect((await lastLog(config.id)).row).toMatchObject({
      responseStatus: 422,
      responseMessage: 'Missing required fields: lastName',
      errorDetails: 'Missing required fields: lastName',
      mappedData: { email: 'x@example.com', firstName: 'Ana' },
    });

    // Switched off, the template gives way to the configuration's fieldMappings.
    await db().update(fieldMappingTemplates).set({ isActive: false }).where(eq(fieldMappingTemplates.id, template!.id));
    const fallback = await deliver(config.endpoint, purchase());
    expect(fallback.status, JSON.stringify(fallback.body)).toBe(201);
  });
});

describe("POST /api/webhooks/:endpoint: children's date of birth and sex (issue 22)", () => {
  const detailsMappings = JSON.stringify({
    ...JSON.parse(MAPPINGS),
    firstChildBirthDate: 'children[0].birthDate',
    firstChildSex: 'children[0].gender',
    secondChildBirthDate: 'children[1].birthDate',
    secondChildSex: 'children[1].gender',
  });
  const details = async (userId: string) =>
    (await db().select().from(children).where(eq(children.familyId, userId)).orderBy(asc(children.position))).map(({ name, birthDate, sex }) => [
      name,
      birthDate,
      sex,
    ]);

  it('stores them on a new account and changes them on an existing one like the other child fields; a blank value keeps them', async () => {
    const config = await createConfig({ fieldMappings: detailsMappings });
    const payload = purchase({
      children: [
        { name: 'Maya', weeklyLimit: 2, birthDate: '2016-05-04', gender: 'Female' },
        { name: 'Leo', weeklyLimit: 1, gender: 'boy' },
      ],
    });
    const created = await deliver(config.endpoint, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await details(created.body.userId)).toEqual([
      ['Maya', '2016-05-04', 'F'],
      ['Leo', null, 'M'],
    ]);
    const again = await deliver(config.endpoint, payload);
    expect(again.body.action).toBe('unchanged');

    const changed = await deliver(config.endpoint, {
      ...payload,
      children: [
        { name: 'Maya', weeklyLimit: 2, birthDate: '', gender: 'F' },
        { name: 'Leo', weeklyLimit: 1, birthDate: '2018-08-08', gender: 'm' },
      ],
      updatedAt: '2026-11-18T16:02:00.000Z',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe('Parent account updated: crmUpdatedAt, secondChildBirthDate');
    expect(await details(created.body.userId)).toEqual([
      ['Maya', '2016-05-04', 'F'],
      ['Leo', '2018-08-08', 'M'],
    ]);
  });

  it('refuses a date that is not a real date in the past (or over 25 years ago) and a sex other than F/M (422), changing nothing', async () => {
    const config = await createConfig({ fieldMappings: detailsMappings });
    for (const [child, message] of [
      [{ name: 'Maya', birthDate: '2016-02-30' }, 'firstChildBirthDate: Date of birth must be a real date in the past (YYYY-MM-DD)'],
      [{ name: 'Maya', birthDate: '2999-01-01' }, 'firstChildBirthDate: Date of birth must be a real date in the past (YYYY-MM-DD)'],
      [{ name: 'Maya', birthDate: '1990-01-01' }, 'firstChildBirthDate: Date of birth cannot be more than 25 years ago'],
      [{ name: 'Maya', birthDate: 20160504 }, 'firstChildBirthDate: Date of birth must be a real date in the past (YYYY-MM-DD)'],
      [{ name: 'Maya', gender: 'X' }, 'firstChildSex must be F or M (or female/male, girl/boy)'],
      [{ name: 'Maya', gender: { value: 'F' } }, 'firstChildSex must be a text, number or true/false value, not a list or an object'],
    ] as const) {
      const payload = purchase({ children: [child] });
      const res = await deliver(config.endpoint, payload);
      expect(res.status, JSON.stringify(child)).toBe(422);
      expect(res.body.message, JSON.stringify(child)).toBe(message);
      expect(await userByEmail(payload.contact.email)).toBeUndefined();
    }
  });
});

describe('POST /api/webhooks/:endpoint: refused deliveries', () => {
  it('refuses missing, malformed, wrong, tampered and stale signatures with 401, and logs each', async () => {
    const payload = purchase();
    const raw = JSON.stringify(payload);
    const { count: before } = await lastLog(signed.id);
    const cases: Array<[DeliverOptions, string]> = [
      [{ secret: null }, 'Missing X-Webhook-Signature header'],
      [{ secret: null, headers: { 'x-webhook-signature': 'sha256=abc' } }, 'Malformed X-Webhook-Signature header'],
      [{ secret: null, headers: { 'x-webhook-signature': `v1=${'a'.repeat(64)}` } }, 'Malformed X-Webhook-Signature header'],
      [{ secret: 'another-secret-0123456789' }, 'Signature does not match'],
      [{ signedBody: raw.replace('Jordan', 'Jordam') }, 'Signature does not match'],
      [{ t: NOW_SECONDS - 301 }, 'Signature timestamp is outside the 5-minute tolerance'],
      [{ t: NOW_SECONDS + 301 }, 'Signature timestamp is more than 60 seconds in the future'],
    ];
    for (const [options, message] of cases) {
      const res = await deliver(signed.endpoint, raw, options);
      expect({ status: res.status, body: res.body }, message).toEqual({ status: 401, body: { message, code: 'UNAUTHENTICATED' } });
      const { row } = await lastLog(signed.id);
      expect(row).toMatchObject({ responseStatus: 401, responseMessage: message, errorDetails: message });
    }
    expect((await lastLog(signed.id)).count).toBe(before + cases.length);
    expect((await lastLog(signed.id)).row.body).toEqual(payload);
    expect(await userByEmail(payload.contact.email)).toBeUndefined();

    // Within the tolerance, and with a second v1 entry (a secret being rotated), it passes.
    const rotated = `${signWebhook(SECRET, raw, NOW_SECONDS - 299)},v1=${'0'.repeat(64)}`;
    const ok = await deliver(signed.endpoint, raw, { secret: null, headers: { 'x-webhook-signature': `t=${NOW_SECONDS - 299},v1=${'0'.repeat(64)},${rotated.split(',')[1]}` } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('refuses a body that is not JSON (400, raw text logged) or not an object', async () => {
    const res = await deliver(signed.endpoint, '{"contact": {"email": ');
    expect(res).toEqual({ status: 400, body: { message: 'The webhook body is not valid JSON', code: 'INVALID_JSON' } });
    expect((await lastLog(signed.id)).row).toMatchObject({ responseStatus: 400, body: '{"contact": {"email": ', mappedData: null });

    const long = `not json ${'x'.repeat(20_000)}`;
    await deliver(signed.endpoint, long, { headers: { 'content-type': 'text/plain' } });
    expect(((await lastLog(signed.id)).row.body as string).length).toBe(10_000);

    // Whatever the content type says (or none at all), the bytes are read and must be JSON.
    const payload = purchase();
    const text = JSON.stringify(payload);
    const bytes = new TextEncoder().encode(text);
    const bare = await fetch(`${server.baseUrl}/api/webhooks/${signed.endpoint}`, {
      method: 'POST',
      headers: { 'x-webhook-signature': signWebhook(SECRET, text, NOW_SECONDS) },
      body: bytes,
    });
    expect(bare.status).toBe(201);
    const form = await deliver(signed.endpoint, 'a=1&b=2', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form).toEqual({ status: 400, body: { message: 'The webhook body is not valid JSON', code: 'INVALID_JSON' } });

    const list = await deliver(signed.endpoint, [purchase()]);
    expect(list).toEqual({ status: 400, body: { message: 'The webhook body must be a JSON object', code: 'VALIDATION_FAILED' } });
    const empty = await deliver(signed.endpoint, '');
    expect(empty).toEqual({ status: 400, body: { message: 'The webhook body is not valid JSON', code: 'INVALID_JSON' } });
    expect((await lastLog(signed.id)).row.body).toBeNull();
  });

  it('refuses a body over 1 MB with 413 and logs it without the body', async () => {
    const before = (await configRow(signed.id)).triggerCount;
    const huge = JSON.stringify({ ...purchase(), filler: 'x'.repeat(1_048_576) });
    const res = await deliver(signed.endpoint, huge);
    expect(res).toEqual({ status: 413, body: { message: 'Webhook body exceeds the 1 MB limit', code: 'PAYLOAD_TOO_LARGE' } });
    const { row } = await lastLog(signed.id);
    expect(row).toMatchObject({ responseStatus: 413, responseMessage: 'Webhook body exceeds the 1 MB limit', body: null });
    expect((row.headers as Record<string, string>)['x-webhook-signature']).toBe('[redacted]');
    expect((await configRow(signed.id)).triggerCount).toBe(before + 1);
  });

  it('answers 404 for an unknown endpoint (not logged) and for an inactive one (logged, not counted)', async () => {
    const logCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(webhookLogs))[0]!.n;
    const total = await logCount();
    const unknown = await deliver('no-such-endpoint', purchase());
    expect(unknown).toEqual({ status: 404, body: { message: 'Webhook endpoint not found', code: 'NOT_FOUND' } });
    expect(await logCount()).toBe(total);

    const inactive = await createConfig({ isActive: false });
    const payload = purchase();
    const res = await deliver(inactive.endpoint, payload);
    expect(res).toEqual({ status: 404, body: { message: 'Webhook endpoint not found', code: 'NOT_FOUND' } });
    expect(await userByEmail(payload.contact.email)).toBeUndefined();
    const logs = await logsOf(inactive.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ responseStatus: 404, webhookConfigId: inactive.id });
    expect((await configRow(inactive.id)).triggerCount).toBe(0);
  });

  it("never changes a staff account, nor an email another CRM contact holds (409)", async () => {
    const email = `${unique('coach')}@example.com`;
    await db().insert(users).values({ email, firstName: 'Coach', lastName: 'Kay', role: 'ADMIN' });
    const staff = await deliver(signed.endpoint, purchase({ contact: { email } }));
    expect(staff).toEqual({ status: 409, body: { message: 'This email belongs to a staff account; webhooks only change parent accounts', code: 'CONFLICT' } });
    expect((await userByEmail(email))!.firstName).toBe('Coach');

    const payload = purchase();
    await deliver(signed.endpoint, payload);
    const other = await deliver(signed.endpoint, purchase({ contact: { email: payload.contact.email } }));
    expect(other).toEqual({ status: 409, body: { message: 'This email belongs to another CRM contact', code: 'CONFLICT' } });
    expect((await lastLog(signed.id)).row).toMatchObject({ responseStatus: 409, errorDetails: 'This email belongs to another CRM contact' });
  });

  it('reports what is missing for a new account, and invalid values, with 422', async () => {
    const noName = await deliver(signed.endpoint, purchase({ contact: { firstName: '', lastName: null } }));
    expect(noName).toEqual({
      status: 422,
      body: { message: 'Missing required fields: firstName, lastName', code: 'VALIDATION_FAILED', errors: ['Missing required fields: firstName, lastName'] },
    });
    const noIdentity = await deliver(signed.endpoint, { contact: { firstName: 'A', lastName: 'B' } });
    expect(noIdentity.status).toBe(422);
    expect(noIdentity.body.message).toBe('Missing required fields: email');
    const badTier = await deliver(signed.endpoint, purchase({ plan: { tier: 'GOLD' } }));
    expect(badTier.status).toBe(422);
    expect(badTier.body.message).toBe('planTier must be ONE, TWO or THREE');
    const twins = await deliver(signed.endpoint, purchase({ children: [{ name: 'Sam' }, { name: 'sam' }] }));
    expect(twins).toEqual({ status: 400, body: { message: 'Each child needs a different name: "Sam" and "sam" name the same child', code: 'BAD_REQUEST' } });
    // Characters PostgreSQL cannot store are replaced, not a 500.
    const nul = await deliver(signed.endpoint, purchase({ contact: { firstName: 'Jo\u0000an', lastName: 'R\ud800' } }));
    expect(nul.status, JSON.stringify(nul.body)).toBe(201);
  });

  it('keeps the secret and the signature out of every log row', async () => {
    // A careless CRM echoing the secret in its payload: the log still never holds it.
    await deliver(signed.endpoint, purchase({ debug: { note: `signed with ${SECRET}`, apiSecret: SECRET } }));
    const rows = await db().select().from(webhookLogs);
    expect(rows.length).toBeGreaterThan(10);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toMatch(/v1=[0-9a-f]{64}/);
    for (const row of rows.filter((r) => r.headers && 'x-webhook-signature' in (r.headers as object))) {
      expect((row.headers as Record<string, string>)['x-webhook-signature']).toBe('[redacted]');
    }
    expect(await db().select().from(webhookLogs).where(and(eq(webhookLogs.webhookConfigId, signed.id), eq(webhookLogs.responseStatus, 500)))).toEqual([]);
  });
});

describe('POST /api/webhooks/:endpoint: issue 17 (a secret on every configuration, no takeover through a delivery)', () => {
  it('refuses every delivery to a configuration without a secret (401, logged), signed or not, and creates nothing', async () => {
    const before = await configRow(noSecret.id);
    const payload = purchase();
    const message = 'This webhook has no signing secret: the office must set a signing secret before it receives deliveries';
    expect(await deliver(noSecret.endpoint, payload, { secret: null })).toEqual({ status: 401, body: { message, code: 'UNAUTHENTICATED' } });
    expect(await deliver(noSecret.endpoint, payload, { secret: 'any-secret-at-all-0123' })).toEqual({ status: 401, body: { message, code: 'UNAUTHENTICATED' } });
    expect(await userByEmail(payload.contact.email)).toBeUndefined();
    const { row, count } = await lastLog(noSecret.id);
    expect(count).toBe(2);
    expect(row).toMatchObject({ responseStatus: 401, responseMessage: message, errorDetails: message, mappedData: null });
    expect((await configRow(noSecret.id)).triggerCount).toBe(before.triggerCount + 2);
  });

  it("never sets the password of an existing account from a delivery, not even one still waiting for its first", async () => {
    const crmPassword = 'Crm-Chosen-Pass-8841';
    // An office-created family that has not chosen a password yet (the set-password link is on its way).
    const email = `${unique('office-family')}@example.com`;
    const officeFamilyId = randomUUID();
    await db().insert(families).values({ id: officeFamilyId });
    await db().insert(users).values({ id: officeFamilyId, familyId: officeFamilyId, email, firstName: 'Ofelia', lastName: 'Office', role: 'PARENT' });
    const takeover = await deliver(signed.endpoint, purchase({ contact: { email, firstName: 'Ofelia', lastName: 'Office', password: crmPassword } }));
    expect(takeover.status, JSON.stringify(takeover.body)).toBe(200);
    expect(takeover.body.action).toBe('updated');
    expect(takeover.body.message).not.toContain('password');
    expect((await userByEmail(email))!.passwordHash).toBeNull();
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { email, password: crmPassword })).status).toBe(401);

    // An account the CRM created without a password: a later delivery's password is not used either.
    const payload = purchase();
    const created = await deliver(signed.endpoint, payload);
    expect(created.status).toBe(201);
    const later = await deliver(signed.endpoint, { ...payload, contact: { ...payload.contact, password: crmPassword }, updatedAt: '2026-11-18T16:30:00.000Z' });
    expect(later.body).toMatchObject({ action: 'updated', message: 'Parent account updated: crmUpdatedAt' });
    expect((await userById(created.body.userId)).passwordHash).toBeNull();
    expect((await lastLog(signed.id)).row.mappedData).toMatchObject({ password: '[redacted]' });

    // The delivery that creates the account may give it its password.
    const withPassword = purchase({ contact: { password: crmPassword } });
    const fresh = await deliver(signed.endpoint, withPassword);
    expect(fresh.status).toBe(201);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { email: withPassword.contact.email, password: crmPassword })).status).toBe(200);
  });

  it('changes isActive only of an account the same configuration created', async () => {
    const otherCrm = await createConfig({ name: 'Another CRM' });
    // An office-created family, linked by e-mail: a delivery may update it but never switch it off.
    const office = await createParent(db(), [['Ivy', 1]]);
    const linked = await deliver(signed.endpoint, purchase({ contact: { email: office.email, firstName: 'Test', lastName: 'Parent' }, active: false, children: [{ name: 'Ivy' }], plan: { tier: 'TWO', sessionsPerWeek: 2 } }));
    expect(linked.body.action, JSON.stringify(linked.body)).toBe('updated');
    expect(linked.body.message).not.toContain('isActive');
    expect(await userById(office.id)).toMatchObject({ isActive: true, createdByWebhookId: null });

    // Created by one configuration: another configuration cannot switch it off, its own can.
    const payload = purchase();
    const created = await deliver(signed.endpoint, payload);
    expect((await userById(created.body.userId)).createdByWebhookId).toBe(signed.id);
    const foreign = await deliver(otherCrm.endpoint, { ...payload, active: false, updatedAt: '2026-11-18T16:20:00.000Z' });
    expect(foreign.body).toMatchObject({ action: 'updated', message: 'Parent account updated: crmUpdatedAt' });
    expect((await userById(created.body.userId)).isActive).toBe(true);
    const own = await deliver(signed.endpoint, { ...payload, active: false, updatedAt: '2026-11-18T16:21:00.000Z' });
    expect(own.body).toMatchObject({ action: 'updated', message: 'Parent account updated: isActive, crmUpdatedAt' });
    expect((await userById(created.body.userId)).isActive).toBe(false);
  });

  it('signs a deactivated account out everywhere and ends its calendar link: switched on again, both stay dead', async () => {
    const password = 'Crm-Family-Pass-5527';
    const payload = purchase({ contact: { password } });
    const created = await deliver(signed.endpoint, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const family = new ApiClient(server.baseUrl);
    await family.login(payload.contact.email, password);
    expect((await family.get('/api/me')).status).toBe(200);
    const feed = new URL((await family.post('/api/me/calendar-feed')).body.url as string).pathname;
    expect((await new ApiClient(server.baseUrl).get(feed)).status).toBe(200);

    const off = await deliver(signed.endpoint, { ...payload, active: false, updatedAt: '2026-11-18T16:40:00.000Z' });
    expect(off.body.message).toBe('Parent account updated: isActive, crmUpdatedAt');
    const on = await deliver(signed.endpoint, { ...payload, active: true, updatedAt: '2026-11-18T16:41:00.000Z' });
    expect(on.body.message).toBe('Parent account updated: isActive, crmUpdatedAt');
    expect((await family.get('/api/me')).status).toBe(401);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, created.body.userId))).toEqual([]);
    expect((await new ApiClient(server.baseUrl).get(feed)).status).toBe(404);
    // A fresh sign-in works again.
    await new ApiClient(server.baseUrl).login(payload.contact.email, password);
  });

  it('ignores a replayed delivery signed before the last one applied (200, logged), so the plan does not go back', async () => {
    // No updatedAt in these deliveries: the signed timestamp alone orders them.
    const { updatedAt: _ignored, ...first } = purchase({ plan: { tier: 'ONE', sessionsPerWeek: 1 } });
    const older = JSON.stringify(first);
    const olderSignature = signWebhook(SECRET, older, NOW_SECONDS - 120);
    const post = (raw: string, signature: string) =>
      fetch(`${server.baseUrl}/api/webhooks/${signed.endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, body: raw }).then(
        async (response) => ({ status: response.status, body: await readBody(response) }),
      );
    const created = await post(older, olderSignature);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const newer = await deliver(signed.endpoint, { ...first, plan: { tier: 'THREE', sessionsPerWeek: 3 } }, { t: NOW_SECONDS - 60 });
    expect(newer.body).toMatchObject({ action: 'updated', message: 'Parent account updated: planTier, weeklyLimit' });

    // The captured first delivery, replayed within the 5-minute window.
    const replay = await post(older, olderSignature);
    expect(replay).toEqual({ status: 200, body: { message: 'ignored: older than the last delivery', action: 'unchanged', userId: created.body.userId } });
    expect(await userById(created.body.userId)).toMatchObject({ planTier: 'THREE', weeklyLimit: 3, crmSignedAt: new Date((NOW_SECONDS - 60) * 1000) });
    expect((await lastLog(signed.id)).row).toMatchObject({ responseStatus: 200, responseMessage: 'ignored: older than the last delivery' });

    // A delivery signed later than the last applied moves the mark, even when it changes nothing.
    const same = await deliver(signed.endpoint, { ...first, plan: { tier: 'THREE', sessionsPerWeek: 3 } }, { t: NOW_SECONDS - 30 });
    expect(same.body.action).toBe('unchanged');
    expect((await userById(created.body.userId)).crmSignedAt?.getTime()).toBe((NOW_SECONDS - 30) * 1000);
    expect((await deliver(signed.endpoint, { ...first, plan: { tier: 'TWO', sessionsPerWeek: 2 } }, { t: NOW_SECONDS - 45 })).body.message).toBe(
      'ignored: older than the last delivery',
    );
  });

  it('refuses a signature more than 60 s ahead; one signed ahead within that does not hold back the next current delivery (issue 29)', async () => {
    const { updatedAt: _ignored, ...first } = purchase({ plan: { tier: 'ONE', sessionsPerWeek: 1 } });
    const ahead = await deliver(signed.endpoint, first, { t: NOW_SECONDS + 61 });
    expect(ahead).toEqual({ status: 401, body: { message: 'Signature timestamp is more than 60 seconds in the future', code: 'UNAUTHENTICATED' } });
    expect((await lastLog(signed.id)).row).toMatchObject({ responseStatus: 401, responseMessage: 'Signature timestamp is more than 60 seconds in the future' });
    expect(await userByEmail(first.contact.email)).toBeUndefined();

    const olderRaw = JSON.stringify(first);
    const olderSignature = signWebhook(SECRET, olderRaw, NOW_SECONDS - 30);
    const postOlder = () =>
      fetch(`${server.baseUrl}/api/webhooks/${signed.endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': olderSignature }, body: olderRaw }).then(
        async (response) => ({ status: response.status, body: await readBody(response) }),
      );
    const created = await postOlder();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // 60 s ahead is still accepted...
    const early = await deliver(signed.endpoint, { ...first, plan: { tier: 'TWO', sessionsPerWeek: 2 } }, { t: NOW_SECONDS + 60 });
    expect(early.body).toEqual({ message: 'Parent account updated: planTier, weeklyLimit', action: 'updated', userId: created.body.userId });
    // ...but it ranks as the instant it arrived, not the one it claims: the CRM's next delivery, signed now, is applied.
    const next = await deliver(signed.endpoint, { ...first, plan: { tier: 'THREE', sessionsPerWeek: 3 } }, { t: NOW_SECONDS });
    expect(next.body).toEqual({ message: 'Parent account updated: planTier, weeklyLimit', action: 'updated', userId: created.body.userId });
    expect(await userById(created.body.userId)).toMatchObject({ planTier: 'THREE', weeklyLimit: 3 });
    // A replay of a delivery signed before the last one applied is still ignored.
    expect(await postOlder()).toEqual({ status: 200, body: { message: 'ignored: older than the last delivery', action: 'unchanged', userId: created.body.userId } });
    expect(await userById(created.body.userId)).toMatchObject({ planTier: 'THREE', weeklyLimit: 3 });
  });

  it('orders the deliveries of one contact by when the server received them: one received before the last applied is ignored (issue 29)', async () => {
    const { updatedAt: _ignored, ...first } = purchase({ plan: { tier: 'ONE', sessionsPerWeek: 1 } });
    const created = await deliver(signed.endpoint, first, { t: NOW_SECONDS - 20 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The server's clock reads one second earlier for the next request: as if that delivery had arrived before the
    // one just applied and waited for the contact's lock behind it. Signed later, it is still the older one.
    ticks -= 1000;
    try {
      const overtaken = await deliver(signed.endpoint, { ...first, plan: { tier: 'THREE', sessionsPerWeek: 3 } }, { t: NOW_SECONDS - 10 });
      expect(overtaken.body).toEqual({ message: 'ignored: older than the last delivery', action: 'unchanged', userId: created.body.userId });
    } finally {
      ticks += 2000;
    }
    expect(await userById(created.body.userId)).toMatchObject({ planTier: 'ONE', weeklyLimit: 1 });
    const after = await deliver(signed.endpoint, { ...first, plan: { tier: 'THREE', sessionsPerWeek: 3 } }, { t: NOW_SECONDS - 10 });
    expect(after.body).toMatchObject({ action: 'updated', message: 'Parent account updated: planTier, weeklyLimit' });
  });

  it('stores pw, pass, pwd, passwd, credentials, secret* and *token* keys redacted in headers, body and query', async () => {
    const payload = purchase({
      login: { PW: 'pw-value', Pwd: 'pwd-value', nested: [{ PASS: 'pass-value' }, { passwd: 'passwd-value' }], Credentials: { user: 'cred-user' } },
      list: [[{ sessionTOKEN: 'token-value' }], { secretAnswer: 'secret-value' }],
    });
    const res = await deliver(signed.endpoint, payload, { query: '?pwd=query-pwd&page=2', headers: { 'x-pass': 'header-pass' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { row } = await lastLog(signed.id);
    expect(row.body).toMatchObject({
      login: { PW: '[redacted]', Pwd: '[redacted]', nested: [{ PASS: '[redacted]' }, { passwd: '[redacted]' }], Credentials: '[redacted]' },
      list: [[{ sessionTOKEN: '[redacted]' }], { secretAnswer: '[redacted]' }],
      contact: { email: payload.contact.email },
    });
    expect(row.queryParams).toEqual({ pwd: '[redacted]', page: '2' });
    expect((row.headers as Record<string, string>)['x-pass']).toBe('[redacted]');
    expect(JSON.stringify(row)).not.toMatch(/pw-value|pwd-value|pass-value|passwd-value|cred-user|token-value|secret-value|query-pwd|header-pass/);
  });

  it('keeps at most the first 4 KB of a body refused before its signature was verified, marked as cut, never mapped', async () => {
    // Close to the 1 MB limit, with a password early on (inside the part that is kept).
    const big = JSON.stringify({ contact: { email: 'flood@example.com', password: 'hunter2-kept-out', Pw: 'pw-kept-out' }, filler: 'x'.repeat(1_000_000) });
    const bytes = Buffer.byteLength(big);
    for (const [endpoint, options, status] of [
      [signed.endpoint, { secret: 'wrong-secret-0123456789' }, 401],
      [signed.endpoint, { secret: null }, 401],
      [noSecret.endpoint, { secret: null }, 401],
    ] as const) {
      const res = await deliver(endpoint, big, options);
      expect(res.status).toBe(status);
      const configId = endpoint === signed.endpoint ? signed.id : noSecret.id;
      const { row } = await lastLog(configId);
      expect(row.mappedData).toBeNull();
      const body = row.body as { truncated: boolean; bytes: number; text: string };
      expect(body).toEqual({ truncated: true, bytes, text: expect.any(String) });
      expect(body.text.length).toBeLessThanOrEqual(4096);
      expect(big.startsWith(body.text.slice(0, 30))).toBe(true);
      expect(body.text).not.toContain('hunter2');
      expect(body.text).not.toContain('pw-kept-out');
      expect(body.text).toContain('"password":"[redacted]"');
      const [size] = await db()
        .select({ text: sql<number>`length(${webhookLogs.body}::text)`, stored: sql<number>`pg_column_size(${webhookLogs}.*)` })
        .from(webhookLogs)
        .where(eq(webhookLogs.id, row.id));
      expect(Number(size!.text)).toBeLessThan(5000);
      expect(Number(size!.stored)).toBeLessThan(8000);
    }
  });
});

describe('guardians in a delivery (issue 31)', () => {
  const GUARDIAN_MAPPINGS = JSON.stringify({
    email: 'contact.email',
    firstName: 'contact.firstName',
    lastName: 'contact.lastName',
    crmUserId: 'contact.id',
    phone: 'contact.phone',
    guardian2FirstName: 'partner.firstName',
    guardian2LastName: 'partner.lastName',
    guardian2Email: 'partner.email',
    guardian2Phone: 'partner.phone',
    planTier: 'plan.tier',
    firstChildName: 'children[0].name',
    updatedAt: 'updatedAt',
  });
  const guardiansOfFamily = (familyId: string) =>
    db()
      .select({ email: users.email, firstName: users.firstName, phone: users.phone })
      .from(users)
      .where(and(eq(users.familyId, familyId), isNull(users.deletedAt)))
      .orderBy(asc(users.createdAt), asc(users.email));

  it("sets the contact's phone and adds the partner as the family's second guardian (welcome link); a later delivery updates them", async () => {
    const config = await createConfig({ fieldMappings: GUARDIAN_MAPPINGS });
    const partner = `${unique('partner')}@example.com`;
    const partnerFields = { firstName: 'Robin', lastName: 'Rivera', email: partner, phone: '416-555-0111' };
    const payload = purchase({ contact: { phone: '+1 416 555 0110' }, partner: partnerFields });
    const created = await deliver(config.endpoint, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const account = await userById(created.body.userId);
    expect(await guardiansOfFamily(account.familyId!)).toEqual([
      { email: payload.contact.email, firstName: 'Jordan', phone: '+1 416 555 0110' },
      { email: partner, firstName: 'Robin', phone: '416-555-0111' },
    ]);
    await smtp.waitForMail(partner, 'Welcome');

    const later = await deliver(config.endpoint, { ...payload, partner: { ...partnerFields, phone: '416-555-0199' }, updatedAt: '2026-11-18T17:00:00.000Z' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.message).toMatch(/guardian2Phone/);
    expect((await guardiansOfFamily(account.familyId!)).map((g) => g.phone)).toEqual(['+1 416 555 0110', '416-555-0199']);
  });

  it('refuses a delivery whose phone is not a phone number, naming the field, and changes nothing', async () => {
    const config = await createConfig({ fieldMappings: GUARDIAN_MAPPINGS });
    const payload = purchase({ contact: { phone: 'call me' } });
    const res = await deliver(config.endpoint, payload);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(/phone must be a phone number/);
    expect(await userByEmail(payload.contact.email)).toBeUndefined();
  });
});
