import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldMappingRules, fieldMappingTemplates, users, webhookConfigs } from '../../db/schema';
import { hashPassword } from '../../services/auth/password';
import { templateDeleteRefusal } from '../../services/field-mapping-templates/delete-template';
import { isForeignKeyViolation } from '../../services/field-mapping-templates/template-rules';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// The admin field-mapping templates API through real HTTP, on a fresh database with the demo data and the
// server's clock pinned (each test may move it).

let now = NOW;
const {
  server,
  clients: { admin, owner },
} = withApi({ as: ['admin', 'owner'], clock: () => now });

beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const URL = '/api/admin/field-mapping-templates';
const put = (id: string, body: unknown, api = admin) => api.request('PUT', `${URL}/${id}`, body);
const del = (id: string, api = admin) => api.request('DELETE', `${URL}/${id}`);
const preview = (body: unknown) => admin.post(`${URL}/preview`, body);
const failure = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const SAMPLE = JSON.stringify({
  contact: { id: 'crm-7', email: '  Jordan.Rivera@Example.COM ', firstName: '  jordan  ', lastName: 'rivera', secret: 'family-pass-1' },
  plan: { tier: 'two', perWeek: '3' },
  children: [{ name: 'Maya' }, { name: 'Leo' }],
});

const templateBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'HubSpot purchase',
  source: 'HubSpot',
  description: 'Plan purchases from the CRM',
  isActive: true,
  samplePayload: SAMPLE,
  rules: [
    { sourcePath: 'contact.email', targetPath: 'email', required: true, transform: 'trim' },
    { sourcePath: 'contact.firstName', targetPath: 'firstName', required: true, transform: 'trim', notes: 'Given name' },
  ],
  ...overrides,
});

async function createTemplate(overrides: Record<string, unknown> = {}, api = admin) {
  const res = await api.post(URL, templateBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A webhook configuration linked to a template, written straight to the database (another team owns its API). */
async function linkWebhook(templateId: string, name: string) {
  const [config] = await db()
    .insert(webhookConfigs)
    .values({ name, endpoint: `/crm/${randomBytes(4).toString('hex')}`, fieldMappings: '{"email":"contact.email"}', templateId })
    .returning();
  return config!;
}

describe('POST /api/admin/field-mapping-templates', () => {
  it('creates a template at version 1, authored by the signed-in admin, with rules numbered in order', async () => {
    const body = await createTemplate({
      rules: [
        { sourcePath: 'plan.tier', targetPath: 'planTier', transform: 'toUpper', order: 5 },
        { sourcePath: 'contact.email', targetPath: 'email', required: true, order: 1 },
        { sourcePath: 'contact.lastName', targetPath: 'lastName' }, // no order: its index (2)
        { sourcePath: ' contact.firstName ', targetPath: 'firstName', order: 2, notes: '  ' }, // ties with the one above: list order
      ],
    });
    expect(body).toEqual({
      id: expect.any(String),
      name: 'HubSpot purchase',
      source: 'HubSpot',
      description: 'Plan purchases from the CRM',
      isActive: true,
      version: 1,
      samplePayload: SAMPLE,
      rules: [
        { id: expect.any(String), sourcePath: 'contact.email', targetPath: 'email', required: true, order: 0, transform: 'none', notes: null },
        { id: expect.any(String), sourcePath: 'contact.lastName', targetPath: 'lastName', required: false, order: 1, transform: 'none', notes: null },
        { id: expect.any(String), sourcePath: 'contact.firstName', targetPath: 'firstName', required: false, order: 2, transform: 'none', notes: null },
        { id: expect.any(String), sourcePath: 'plan.tier', targetPath: 'planTier', required: false, order: 3, transform: 'toUpper', notes: null },
      ],
      createdBy: { firstName: expect.any(String), lastName: expect.any(String) },
      usedBy: [],
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    const [adminRow] = await db().select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(body.createdBy).toEqual({ firstName: adminRow!.firstName, lastName: adminRow!.lastName });
    const [row] = await db().select().from(fieldMappingTemplates).where(eq(fieldMappingTemplates.id, body.id));
    expect(row).toMatchObject({ createdById: adminRow!.id, version: 1 });
    const stored = await db().select().from(fieldMappingRules).where(eq(fieldMappingRules.templateId, body.id)).orderBy(asc(fieldMappingRules.order));
    expect(stored.map((r) => [r.order, r.targetPath])).toEqual([
      [0, 'email'],
      [1, 'lastName'],
      [2, 'firstName'],
      [3, 'planTier'],
    ]);
  });

  it('applies the defaults: active, no description, no sample, no rules', async () => {
    const res = await admin.post(URL, { name: ' Bare ', source: ' Zapier ', description: '', samplePayload: '   ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Bare', source: 'Zapier', description: null, isActive: true, samplePayload: null, rules: [], version: 1 });
  });

  it('refuses invalid templates with the form messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name: Name is required'],
      [{ name: '   ' }, 'name: Name is required'],
      [{ name: undefined }, 'name: Name is required'],
      [{ source: '' }, 'source: Source is required'],
      [{ source: undefined }, 'source: Source is required'],
      [{ samplePayload: '{"contact": ' }, 'samplePayload: Invalid sample JSON'],
      [{ rules: [{ sourcePath: 'contact..email', targetPath: 'email' }] }, 'rules.0.sourcePath: Source path must look like contact.email or children[0].name'],
      [{ rules: [{ sourcePath: '', targetPath: 'email' }] }, 'rules.0.sourcePath: Source path is required'],
      [{ rules: [{ sourcePath: 'contact.fax', targetPath: 'fax' }] }, 'rules.0.targetPath: Choose a target field'],
      [{ rules: [{ sourcePath: 'contact.email' }] }, 'rules.0.targetPath: Choose a target field'],
      [{ rules: [{ sourcePath: 'a', targetPath: 'email', transform: 'reverse' }] }, 'rules.0.transform: Transform must be trim, toLower, toUpper or none'],
      [
        { rules: Array.from({ length: 51 }, (_, i) => ({ sourcePath: `field${i}`, targetPath: 'notes' })) },
        'rules: A template can have at most 50 rules',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.post(URL, templateBody(overrides));
      expect({ overrides, ...failure(res) }).toEqual({ overrides, status: 400, message });
    }
    // Exactly 50 rules is fine.
    await createTemplate({ rules: Array.from({ length: 50 }, (_, i) => ({ sourcePath: `field${i}`, targetPath: 'notes' })) });
  });
});

describe('GET /api/admin/field-mapping-templates', () => {
  it('lists the most recently changed first, with rules in order, author and linked webhooks', async () => {
    now = later(10);
    const older = await createTemplate({ name: 'Older' });
    now = later(20);
    const newer = await createTemplate({ name: 'Newer' });
    await linkWebhook(older.id, 'Zeta CRM');
    await linkWebhook(older.id, 'Alpha CRM');

    let list = await admin.get(URL);
    expect(list.status).toBe(200);
    let ids = list.body.templates.map((t: { id: string }) => t.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const listedOlder = list.body.templates.find((t: { id: string }) => t.id === older.id);
    expect(listedOlder.usedBy.map((u: { name: string }) => u.name)).toEqual(['Alpha CRM', 'Zeta CRM']);
    expect(listedOlder.rules.map((r: { order: number }) => r.order)).toEqual([0, 1]);
    expect(listedOlder.createdBy).not.toBeNull();
    const updatedAts = list.body.templates.map((t: { updatedAt: string }) => t.updatedAt);
    expect(updatedAts).toEqual([...updatedAts].sort().reverse());

    // Saving the older one moves it to the top.
    now = later(30);
    expect((await put(older.id, templateBody({ name: 'Older, edited' }))).status).toBe(200);
    list = await admin.get(URL);
    ids = list.body.templates.map((t: { id: string }) => t.id);
    expect(ids[0]).toBe(older.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
  });

  it('keeps the author\'s name after the author account was deleted', async () => {
    const email = `second-admin-${randomBytes(3).toString('hex')}@example.com`;
    const [second] = await db()
      .insert(users)
      .values({ email, firstName: 'Sam', lastName: 'Second', role: 'ADMIN', passwordHash: await hashPassword('secret-pass') })
      .returning();
    const api = new ApiClient(server.baseUrl);
    await api.login(email, 'secret-pass');
    const template = await createTemplate({ name: 'By Sam' }, api);
    expect(template.createdBy).toEqual({ firstName: 'Sam', lastName: 'Second' });
    expect((await owner.request('DELETE', `/api/admin/users/${second!.id}`)).status).toBe(200);
    expect((await admin.get(`${URL}/${template.id}`)).body.createdBy).toEqual({ firstName: 'Sam', lastName: 'Second' });
  });
});

describe('GET /api/admin/field-mapping-templates/:id', () => {
  it('returns one template, and 404 for an unknown or malformed id', async () => {
    const created = await createTemplate({ name: 'Fetch me' });
    const res = await admin.get(`${URL}/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(res.body.samplePayload).toBe(SAMPLE);
    for (const id of ['3f1c2d1e-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      expect(failure(await admin.get(`${URL}/${id}`))).toEqual({ status: 404, message: 'Template not found' });
    }
    // An id in capitals is the same id.
    expect((await admin.get(`${URL}/${created.id.toUpperCase()}`)).body.id).toBe(created.id);
  });
});

describe('PUT /api/admin/field-mapping-templates/:id', () => {
  it('replaces the whole template and its rules, raising the version each time', async () => {
    const created = await createTemplate();
    const originalRuleIds = created.rules.map((r: { id: string }) => r.id);

    now = later(5);
    const first = await put(
      created.id,
      templateBody({
        name: 'Renamed',
        source: 'Salesforce',
        description: null,
        isActive: false,
        samplePayload: null,
        rules: [
          { sourcePath: 'plan.tier', targetPath: 'planTier', transform: 'toUpper', order: 3 },
          { sourcePath: 'children[0].name', targetPath: 'firstChildName', order: 1 },
          { sourcePath: 'contact.id', targetPath: 'crmUserId', required: true, order: 2 },
        ],
      }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      id: created.id,
      name: 'Renamed',
      source: 'Salesforce',
      description: null,
      isActive: false,
      samplePayload: null,
      version: 2,
      createdBy: created.createdBy,
      createdAt: NOW.toISOString(),
      updatedAt: later(5).toISOString(),
    });
    expect(first.body.rules.map((r: { order: number; targetPath: string }) => [r.order, r.targetPath])).toEqual([
      [0, 'firstChildName'],
      [1, 'crmUserId'],
      [2, 'planTier'],
    ]);
    const stored = await db().select().from(fieldMappingRules).where(eq(fieldMappingRules.templateId, created.id));
    expect(stored).toHaveLength(3);
    expect(stored.some((r) => originalRuleIds.includes(r.id))).toBe(false);

    now = later(9);
    const second = await put(created.id, templateBody({ rules: [] }));
    expect(second.body).toMatchObject({ version: 3, rules: [], updatedAt: later(9).toISOString(), createdAt: NOW.toISOString() });
    expect((await admin.get(`${URL}/${created.id}`)).body).toEqual(second.body);
  });

  it('validates like create, changes nothing on a refusal, and answers 404 for an unknown template', async () => {
    const created = await createTemplate();
    expect(failure(await put(created.id, templateBody({ name: '' })))).toEqual({ status: 400, message: 'name: Name is required' });
    expect(failure(await put(created.id, templateBody({ samplePayload: 'nope' })))).toEqual({ status: 400, message: 'samplePayload: Invalid sample JSON' });
    expect((await admin.get(`${URL}/${created.id}`)).body).toEqual(created);
    expect(failure(await put('3f1c2d1e-0000-4000-8000-000000000000', templateBody()))).toEqual({ status: 404, message: 'Template not found' });
    expect(failure(await put('nope', templateBody()))).toEqual({ status: 404, message: 'Template not found' });
  });

  it(`gives simultaneous saves different versions (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const created = await createTemplate();
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        put(created.id, templateBody({ name: `Save ${i}`, rules: [{ sourcePath: `field${i}`, targetPath: 'notes' }, { sourcePath: 'contact.email', targetPath: 'email' }] })),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(8).fill(200));
    const versions = saves.map((s) => s.body.version as number).sort((a, b) => a - b);
    expect(versions).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    // The last save wins whole: its name and exactly its two rules, never a mix of two saves.
    const last = saves.find((s) => s.body.version === 9)!.body;
    const final = (await admin.get(`${URL}/${created.id}`)).body;
    expect(final).toEqual(last);
    expect(final.rules).toHaveLength(2);
    expect(final.rules[0].sourcePath).toBe(`field${final.name.slice(5)}`);
  });
});

describe('DELETE /api/admin/field-mapping-templates/:id', () => {
  it('deletes a template and its rules', async () => {
    const created = await createTemplate();
    expect(await del(created.id)).toMatchObject({ status: 200, body: { message: 'Template deleted' } });
    expect(failure(await admin.get(`${URL}/${created.id}`))).toEqual({ status: 404, message: 'Template not found' });
    expect(await db().select().from(fieldMappingRules).where(eq(fieldMappingRules.templateId, created.id))).toEqual([]);
    expect(failure(await del(created.id))).toEqual({ status: 404, message: 'Template not found' });
    expect(failure(await del('not-a-uuid'))).toEqual({ status: 404, message: 'Template not found' });
  });

  it('is refused while a webhook configuration uses the template, and allowed once it no longer does', async () => {
    const created = await createTemplate();
    const config = await linkWebhook(created.id, 'Main CRM');
    expect(failure(await del(created.id))).toEqual({
      status: 409,
      message: 'This template is used by webhook "Main CRM"; choose another mapping there first',
    });
    expect((await admin.get(`${URL}/${created.id}`)).body.usedBy).toEqual([{ id: config.id, name: 'Main CRM' }]);
    expect(await db().select().from(fieldMappingRules).where(eq(fieldMappingRules.templateId, created.id))).toHaveLength(2);

    await db().update(webhookConfigs).set({ templateId: null }).where(eq(webhookConfigs.id, config.id));
    expect((await del(created.id)).status).toBe(200);
  });

  it('keeps the RESTRICT foreign key as a backstop the service recognises (a 409, never a 500)', async () => {
    const created = await createTemplate();
    await linkWebhook(created.id, 'Backstop CRM');
    const error = await db()
      .delete(fieldMappingTemplates)
      .where(eq(fieldMappingTemplates.id, created.id))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isForeignKeyViolation(new Error('other'))).toBe(false);
    expect((await admin.get(`${URL}/${created.id}`)).status).toBe(200);

    // Were the check under the lock ever to miss a link, the key's error (once the unit of work rolled back)
    // becomes the same 409; any other error is left as it is.
    await expect(templateDeleteRefusal(db(), created.id, error)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This template is used by webhook "Backstop CRM"; choose another mapping there first',
    });
    const other = new Error('other');
    await expect(templateDeleteRefusal(db(), created.id, other)).rejects.toBe(other);
  });
});

describe('POST /api/admin/field-mapping-templates/preview', () => {
  const rules = [
    { sourcePath: 'contact.email', targetPath: 'email', required: true, transform: 'trim' },
    { sourcePath: 'contact.firstName', targetPath: 'firstName', transform: 'trim' },
    { sourcePath: 'contact.lastName', targetPath: 'lastName', transform: 'toUpper' },
    { sourcePath: 'contact.id', targetPath: 'crmUserId', transform: 'toLower' },
    { sourcePath: 'plan.tier', targetPath: 'planTier', transform: 'toUpper' },
    { sourcePath: 'plan.perWeek', targetPath: 'weeklyLimit' },
    { sourcePath: 'children[1].name', targetPath: 'secondChildName' },
  ];

  it('maps the sample with the rules and their transforms, saving nothing', async () => {
    const before = await db().select().from(fieldMappingTemplates);
    const res = await preview({ samplePayload: SAMPLE, rules });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mappedData: {
        email: 'jordan.rivera@example.com',
        firstName: 'jordan',
        lastName: 'RIVERA',
        crmUserId: 'crm-7',
        planTier: 'TWO',
        weeklyLimit: 3,
        secondChildName: 'Leo',
      },
      missing: [],
      errors: [],
    });
    expect(await db().select().from(fieldMappingTemplates)).toHaveLength(before.length);
  });

  it('names the required fields that are missing and explains invalid values', async () => {
    const sample = JSON.stringify({ contact: { firstName: 'Ann' }, plan: { tier: 'gold', perWeek: 9 } });
    const res = await preview({
      samplePayload: sample,
      rules: [...rules, { sourcePath: 'contact.phone', targetPath: 'notes', required: true }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mappedData: { firstName: 'Ann' },
      missing: ['email', 'notes'],
      errors: ['Missing required fields: email, notes', 'planTier must be ONE, TWO or THREE', 'weeklyLimit must be a whole number from 1 to 7'],
    });
  });

  it('never shows a password', async () => {
    const res = await preview({ samplePayload: SAMPLE, rules: [{ sourcePath: 'contact.secret', targetPath: 'password' }] });
    expect(res.body).toEqual({ mappedData: { password: '[redacted]' }, missing: [], errors: [] });
    expect(JSON.stringify(res.body)).not.toContain('family-pass-1');
    // A password that is refused is not echoed either.
    const short = await preview({ samplePayload: '{"p": "abc"}', rules: [{ sourcePath: 'p', targetPath: 'password' }] });
    expect(short.body).toEqual({ mappedData: {}, missing: [], errors: ['password must be at least 6 characters'] });
  });

  it('answers a sample that is JSON but not an object, and refuses one that is not JSON', async () => {
    for (const samplePayload of ['[1, 2]', '"text"', '42', 'null']) {
      const res = await preview({ samplePayload, rules });
      expect({ samplePayload, status: res.status, body: res.body }).toEqual({
        samplePayload,
        status: 200,
        body: { mappedData: {}, missing: [], errors: ['The sample must be a JSON object'] },
      });
    }
    expect(failure(await preview({ samplePayload: '{"contact":', rules }))).toEqual({ status: 400, message: 'samplePayload: Invalid sample JSON' });
    expect(failure(await preview({ rules }))).toEqual({ status: 400, message: 'samplePayload: Invalid sample JSON' });
    expect(failure(await preview({ samplePayload: '{}', rules: [{ sourcePath: 'a b', targetPath: 'email' }] }))).toEqual({
      status: 400,
      message: 'rules.0.sourcePath: Source path must look like contact.email or children[0].name',
    });
  });
});
