import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SAMPLE_PAYLOAD, DEFAULT_FIELD_MAPPINGS_TEXT, TARGET_FIELDS } from '../../../shared/rules/field-mapping';
import { fieldMappingTemplates, webhookConfigs, webhookLogs } from '../../db/schema';
import { withApi } from '../../test-support/with-api';
import { NOW } from '../../test-support/clock';

// The admin webhook configurations API through real HTTP, on the demo data (which has the 'CRM plan
// purchases' configuration, endpoint crm-plans, linked to the 'CRM plan purchase' template).
let now = NOW;
const {
  server,
  clients: { admin },
} = withApi({ as: 'admin', clock: () => now, env: { PUBLIC_URL: 'https://portal.test/', ADMIN_SESSION_IDLE_MINUTES: '129600' } });
let templateId: string;

beforeAll(async () => {
  templateId = (await db().select().from(fieldMappingTemplates))[0]!.id;
});
beforeEach(() => {
  now = NOW;
});

const db = () => server.database.db;
const put = (id: string, body: unknown) => admin.request('PUT', `/api/admin/webhooks/${id}`, body);
const del = (id: string) => admin.request('DELETE', `/api/admin/webhooks/${id}`);
const list = () => admin.get('/api/admin/webhooks');
const failure = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const configRow = async (id: string) => (await db().select().from(webhookConfigs).where(eq(webhookConfigs.id, id)))[0]!;
let counter = 0;
const uniqueEndpoint = (prefix = 'hook') => `${prefix}-${++counter}-${Date.now()}`;
const MAPPINGS = JSON.stringify({ email: 'contact.email', firstName: 'contact.firstName' });
const SECRET = 'admin-test-secret-0123456789';

async function create(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/webhooks', { name: 'Test hook', endpoint: uniqueEndpoint(), fieldMappings: MAPPINGS, secretKey: SECRET, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function insertLog(values: Partial<typeof webhookLogs.$inferInsert> & { endpoint: string }) {
  const [row] = await db()
    .insert(webhookLogs)
    .values({ method: 'POST', responseStatus: 200, ...values })
    .returning();
  return row!;
}

describe('GET /api/admin/webhooks', () => {
  it('lists the demo configuration with its receiver URL, template name and whether it has a secret, never the secret', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('demo-crm-secret-change-me-0001');
    expect(JSON.stringify(res.body)).not.toMatch(/secretKey/);
    expect(res.body.webhooks.find((w: { endpoint: string }) => w.endpoint === 'crm-plans')).toEqual({
      id: expect.any(String),
      name: 'CRM plan purchases',
      endpoint: 'crm-plans',
      receiverUrl: 'https://portal.test/api/webhooks/crm-plans',
      description: expect.any(String),
      isActive: true,
      fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT,
      hasSecret: true,
      templateId,
      templateName: 'CRM plan purchase',
      triggerCount: 0,
      lastTriggered: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('orders the configurations by name, without case', async () => {
    await create({ name: 'zeta feed' });
    await create({ name: 'Alpha feed' });
    await create({ name: 'beta feed' });
    const names = (await list()).body.webhooks.map((w: { name: string }) => w.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names.indexOf('Alpha feed')).toBeLessThan(names.indexOf('beta feed'));
  });
});

describe('POST /api/admin/webhooks', () => {
  it('creates a configuration, normalising the endpoint, and shows the secret this once only', async () => {
    const secret = 'sales-secret-abcdef-123';
    const res = await admin.post('/api/admin/webhooks', {
      name: '  Sales leads ',
      endpoint: '/Sales-Leads',
      description: '',
      fieldMappings: MAPPINGS,
      secretKey: secret,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Sales leads',
      endpoint: 'sales-leads',
      receiverUrl: 'https://portal.test/api/webhooks/sales-leads',
      description: null,
      isActive: true,
      fieldMappings: MAPPINGS,
      hasSecret: true,
      secretKey: secret,
      templateId: null,
      templateName: null,
      triggerCount: 0,
      lastTriggered: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect((await configRow(res.body.id)).secretKey).toBe(secret);

    // Never again: the list, an edit without a secret, an edit with a blank secret, and the list after.
    const later = [await list(), await put(res.body.id, { name: 'Sales leads (CRM)' }), await put(res.body.id, { secretKey: '   ' }), await list()];
    for (const response of later) {
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(secret);
      expect(JSON.stringify(response.body)).not.toMatch(/secretKey/);
    }
    expect(later[1]!.body).toMatchObject({ name: 'Sales leads (CRM)', hasSecret: true });
    expect(later[2]!.body).toMatchObject({ hasSecret: true });
    expect((await configRow(res.body.id)).secretKey).toBe(secret);
  });

  it('accepts /api/webhooks/<endpoint> and links a template (its name is shown)', async () => {
    const endpoint = uniqueEndpoint('linked');
    const body = await create({ endpoint: `/api/webhooks/${endpoint.toUpperCase()}/`, templateId: templateId.toUpperCase(), isActive: false });
    expect(body).toMatchObject({ endpoint, templateId, templateName: 'CRM plan purchase', isActive: false, hasSecret: true, secretKey: SECRET });
  });

  it('answers every validation rule with its message', async () => {
    const post = (body: Record<string, unknown>) => admin.post('/api/admin/webhooks', body);
    const base = { name: 'Hook', endpoint: uniqueEndpoint(), fieldMappings: MAPPINGS, secretKey: SECRET };
    const cases: Array<[Record<string, unknown>, string]> = [
      // Issue 17: a configuration without a secret would accept anyone's deliveries.
      [{ ...base, secretKey: undefined }, 'secretKey: Secret key is required'],
      [{ ...base, secretKey: '   ' }, 'secretKey: Secret key is required'],
      [{ ...base, secretKey: null }, 'secretKey: Secret key is required'],
      [{ ...base, name: undefined }, 'name: Name is required'],
      [{ ...base, name: '   ' }, 'name: Name is required'],
      [{ ...base, name: 'x'.repeat(101) }, 'name: Name cannot exceed 100 characters'],
      [{ ...base, endpoint: undefined }, 'endpoint: Endpoint is required'],
      [{ ...base, endpoint: '/' }, 'endpoint: Endpoint is required'],
      [{ ...base, endpoint: 'crm plans!' }, 'endpoint: Endpoint may only contain lowercase letters, digits and single dashes, like crm-plans'],
      [{ ...base, endpoint: 'crm--plans' }, 'endpoint: Endpoint may only contain lowercase letters, digits and single dashes, like crm-plans'],
      [{ ...base, fieldMappings: undefined }, 'fieldMappings: Field mappings are required'],
      [{ ...base, fieldMappings: '  ' }, 'fieldMappings: Field mappings are required'],
      [{ ...base, fieldMappings: '{"email": ' }, 'fieldMappings: Field mappings must be valid JSON'],
      [{ ...base, fieldMappings: '["email"]' }, 'fieldMappings: Field mappings must be a JSON object of target field to source path, like {"email": "contact.email"}'],
      [{ ...base, fieldMappings: '{}' }, 'fieldMappings: Field mappings must map at least one field'],
      [{ ...base, fieldMappings: '{"favouriteColour": "contact.colour"}' }, `fieldMappings: Unknown target field "favouriteColour"; use one of ${TARGET_FIELDS.join(', ')}`],
      [{ ...base, fieldMappings: '{"email": "contact..email"}' }, 'fieldMappings: email: Source path must look like contact.email or children[0].name'],
      [{ ...base, secretKey: 'too-short' }, 'secretKey: Secret key must be at least 16 characters'],
      [{ ...base, secretKey: 'has spaces in the middle' }, 'secretKey: Secret key cannot contain spaces'],
      [{ ...base, description: 'd'.repeat(501) }, 'description: Description cannot exceed 500 characters'],
      [{ ...base, isActive: 'yes' }, 'isActive: isActive must be true or false'],
      [{ ...base, templateId: 'not-a-template' }, 'templateId: Choose a mapping template from the list'],
    ];
    for (const [body, message] of cases) {
      expect({ body, ...failure(await post(body)) }).toEqual({ body, status: 400, message });
    }
    expect(failure(await post({ ...base, templateId: '6f1c1b9e-0000-4000-8000-000000000000' }))).toEqual({ status: 400, message: 'Mapping template not found' });
    expect(await db().select().from(webhookConfigs).where(eq(webhookConfigs.endpoint, base.endpoint))).toEqual([]);
  });

  it('refuses an endpoint that is taken (409), also when two saves race', async () => {
    expect(failure(await admin.post('/api/admin/webhooks', { name: 'Copy', endpoint: '/CRM-Plans', fieldMappings: MAPPINGS, secretKey: SECRET }))).toEqual({
      status: 409,
      message: 'A webhook with this endpoint already exists',
    });
    const endpoint = uniqueEndpoint('race');
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => admin.post('/api/admin/webhooks', { name: `Racer ${n}`, endpoint, fieldMappings: MAPPINGS, secretKey: SECRET })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const loser of results.filter((r) => r.status === 409)) expect(loser.body).toEqual({ message: 'A webhook with this endpoint already exists', code: 'CONFLICT', field: 'endpoint' });
    expect(await db().select().from(webhookConfigs).where(eq(webhookConfigs.endpoint, endpoint))).toHaveLength(1);
  });
});

describe('PUT /api/admin/webhooks/:id', () => {
  it('changes only the fields present: the Active toggle, with updatedAt from the clock', async () => {
    const created = await create({ description: 'Kept', secretKey: 'toggle-secret-0123456789' });
    now = new Date('2026-11-19T08:30:00.000Z');
    const res = await put(created.id, { isActive: false });
    expect(res.status).toBe(200);
    const { isActive, updatedAt, secretKey, ...rest } = created;
    expect(secretKey).toBe('toggle-secret-0123456789');
    expect(res.body).toEqual({ ...rest, isActive: false, updatedAt: '2026-11-19T08:30:00.000Z' });
    expect(isActive).toBe(true);
    expect(updatedAt).toBe(NOW.toISOString());
    expect((await put(created.id, { isActive: true })).body.isActive).toBe(true);
    expect((await configRow(created.id)).secretKey).toBe('toggle-secret-0123456789');
  });

  it('rotates the secret (shown once) and never removes it', async () => {
    const created = await create({ secretKey: 'first-secret-0123456789' });
    const rotated = await put(created.id, { secretKey: 'second-secret-0123456789' });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ hasSecret: true, secretKey: 'second-secret-0123456789' });
    expect((await configRow(created.id)).secretKey).toBe('second-secret-0123456789');
    const afterwards = JSON.stringify([(await list()).body, (await put(created.id, { description: 'rotated' })).body]);
    expect(afterwards).not.toContain('second-secret-0123456789');
    expect(afterwards).not.toContain('first-secret-0123456789');

    // Issue 17: a secret can be replaced, never removed.
    expect(failure(await put(created.id, { removeSecret: true }))).toEqual({
      status: 400,
      message: 'removeSecret: Secret key cannot be removed; a configuration without one receives nothing',
    });
    expect((await configRow(created.id)).secretKey).toBe('second-secret-0123456789');
    expect(failure(await put(created.id, { secretKey: 'short' }))).toEqual({ status: 400, message: 'secretKey: Secret key must be at least 16 characters' });
  });

  it('lists a configuration saved without a secret as such, and requires one with any change but the Active toggle', async () => {
    const [bare] = await db()
      .insert(webhookConfigs)
      .values({ name: 'Old unsigned hook', endpoint: uniqueEndpoint('bare'), fieldMappings: MAPPINGS })
      .returning();
    expect((await list()).body.webhooks.find((w: { id: string }) => w.id === bare!.id)).toMatchObject({ hasSecret: false });
    const required = { status: 400, message: 'Secret key is required' };
    expect(failure(await put(bare!.id, { name: 'Renamed' }))).toEqual(required);
    expect(failure(await put(bare!.id, { description: 'x', secretKey: '  ' }))).toEqual(required);
    expect((await put(bare!.id, { name: 'Renamed' })).body).toMatchObject({ field: 'secretKey' });
    expect((await configRow(bare!.id)).name).toBe('Old unsigned hook');
    // Switching it off (or on) needs no secret.
    expect((await put(bare!.id, { isActive: false })).body).toMatchObject({ isActive: false, hasSecret: false });
    const fixed = await put(bare!.id, { name: 'Now signed', secretKey: 'fixed-secret-0123456789' });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ name: 'Now signed', hasSecret: true, secretKey: 'fixed-secret-0123456789' });
  });

  it('changes name, endpoint (normalised), mappings and template; unlinks with a blank template', async () => {
    const created = await create();
    const endpoint = uniqueEndpoint('renamed');
    const mappings = JSON.stringify({ email: 'email', crmUserId: 'id' });
    const res = await put(created.id, { name: 'Renamed', endpoint: `/${endpoint.toUpperCase()}`, fieldMappings: mappings, templateId, description: 'New' });
    expect(res.body).toMatchObject({
      name: 'Renamed',
      endpoint,
      receiverUrl: `https://portal.test/api/webhooks/${endpoint}`,
      fieldMappings: mappings,
      templateId,
      templateName: 'CRM plan purchase',
      description: 'New',
    });
    // The same endpoint again is not a conflict with itself.
    expect((await put(created.id, { endpoint })).status).toBe(200);
    const unlinked = await put(created.id, { templateId: '', description: '' });
    expect(unlinked.body).toMatchObject({ templateId: null, templateName: null, description: null, name: 'Renamed' });
  });

  it('refuses a taken endpoint, an unknown template, bad fields and unknown or malformed ids', async () => {
    const created = await create();
    expect(failure(await put(created.id, { endpoint: 'crm-plans' }))).toEqual({ status: 409, message: 'A webhook with this endpoint already exists' });
    expect(failure(await put(created.id, { templateId: '6f1c1b9e-0000-4000-8000-000000000000' }))).toEqual({
      status: 400,
      message: 'Mapping template not found',
    });
    expect(failure(await put(created.id, { fieldMappings: '' }))).toEqual({ status: 400, message: 'fieldMappings: Field mappings are required' });
    expect(failure(await put(created.id, { name: '' }))).toEqual({ status: 400, message: 'name: Name is required' });
    expect(failure(await put('6f1c1b9e-0000-4000-8000-000000000000', { isActive: false }))).toEqual({ status: 404, message: 'Webhook not found' });
    expect(failure(await put('not-an-id', { isActive: false }))).toEqual({ status: 404, message: 'Webhook not found' });
    expect((await configRow(created.id)).endpoint).toBe(created.endpoint);
  });
});

describe('DELETE /api/admin/webhooks/:id', () => {
  it('deletes the configuration and keeps its logs (unlinked, with their endpoint)', async () => {
    const created = await create({ name: 'Doomed hook' });
    const log = await insertLog({ webhookConfigId: created.id, endpoint: created.endpoint, body: { hello: 'world' } });
    expect((await admin.get(`/api/admin/webhook-logs/${log.id}`)).body.webhookName).toBe('Doomed hook');

    expect(await del(created.id)).toMatchObject({ status: 200, body: { message: 'Webhook deleted' } });
    expect(await db().select().from(webhookConfigs).where(eq(webhookConfigs.id, created.id))).toEqual([]);
    const [kept] = await db().select().from(webhookLogs).where(eq(webhookLogs.id, log.id));
    expect(kept).toMatchObject({ webhookConfigId: null, endpoint: created.endpoint });
    expect((await admin.get(`/api/admin/webhook-logs/${log.id}`)).body).toMatchObject({ webhookConfigId: null, webhookName: null, endpoint: created.endpoint });

    expect(failure(await del(created.id))).toEqual({ status: 404, message: 'Webhook not found' });
    expect(failure(await del('nope'))).toEqual({ status: 404, message: 'Webhook not found' });
  });
});

describe('GET /api/admin/webhook-sample', () => {
  it('offers the built-in sample until the configuration received a JSON object that passed the signature check', async () => {
    const builtIn = { origin: 'built-in', receivedAt: null, payload: BUILT_IN_SAMPLE_PAYLOAD };
    expect((await admin.get('/api/admin/webhook-sample?source=crm-plans')).body).toEqual({ source: 'crm-plans', ...builtIn });
    expect((await admin.get('/api/admin/webhook-sample')).body).toEqual({ source: null, ...builtIn });

    const [config] = await db().select().from(webhookConfigs).where(eq(webhookConfigs.endpoint, 'crm-plans'));
    const good = { contact: { email: 'real@example.com' } };
    await insertLog({ webhookConfigId: config!.id, endpoint: 'crm-plans', body: good, createdAt: new Date('2026-11-18T10:00:00Z') });
    await insertLog({ webhookConfigId: config!.id, endpoint: 'crm-plans', body: { forged: true }, responseStatus: 401, createdAt: new Date('2026-11-18T11:00:00Z') });
    await insertLog({ webhookConfigId: config!.id, endpoint: 'crm-plans', body: 'not json at all', responseStatus: 400, createdAt: new Date('2026-11-18T12:00:00Z') });
    await insertLog({ webhookConfigId: config!.id, endpoint: 'crm-plans', body: [1, 2], responseStatus: 400, createdAt: new Date('2026-11-18T12:30:00Z') });
    // Another configuration's newer payload is not this source's sample.
    const other = await create({ name: 'Other source' });
    await insertLog({ webhookConfigId: other.id, endpoint: other.endpoint, body: { other: true }, createdAt: new Date('2026-11-18T13:00:00Z') });

    const latest = { origin: 'latest', receivedAt: '2026-11-18T10:00:00.000Z', payload: good };
    for (const source of ['crm-plans', 'CRM Plan Purchases', '/CRM-Plans', ' crm plan purchases ']) {
      const res = await admin.get(`/api/admin/webhook-sample?source=${encodeURIComponent(source)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ source: source.trim(), ...latest });
    }
    expect((await admin.get('/api/admin/webhook-sample?source=unknown-source')).body).toEqual({ source: 'unknown-source', ...builtIn });
    expect(failure(await admin.get(`/api/admin/webhook-sample?source=${'x'.repeat(101)}`))).toEqual({
      status: 400,
      message: 'source: source cannot exceed 100 characters',
    });
  });
});
