import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAPPINGS_TEXT } from '../../../../shared/rules/field-mapping';
import type { WebhookDto } from '../../../../shared/schemas/webhooks';
import {
  formFieldErrors,
  generateSecretKey,
  initialWebhookValues,
  lastTriggeredLabel,
  toCreateBody,
  toUpdateBody,
  webhookFormSchemaFor,
} from './webhook-form';

const webhook: WebhookDto = {
  id: '7c0f3f0e-5a43-4d6e-9a9c-0d8f3d1f4a11',
  name: 'CRM plan purchases',
  endpoint: 'crm-plans',
  receiverUrl: 'http://localhost:3000/api/webhooks/crm-plans',
  description: null,
  isActive: false,
  fieldMappings: '{"email":"contact.email"}',
  hasSecret: true,
  templateId: null,
  templateName: null,
  triggerCount: 3,
  lastTriggered: '2026-11-22T20:04:00.000Z',
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

const SECRET = 'c'.repeat(64);
const issuesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the webhook form', () => {
  it('starts a new configuration Active, with the default field mappings and the secret still to set', () => {
    expect(initialWebhookValues(null)).toMatchObject({ isActive: true, fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT, secretKey: '' });
    expect(initialWebhookValues(null)).not.toHaveProperty('removeSecret');
  });

  it('requires name, endpoint, field mappings (spec 5 messages) and a secret key, and checks the JSON', () => {
    const result = webhookFormSchemaFor(null).safeParse({ ...initialWebhookValues(null), fieldMappings: '' });
    expect(result.success).toBe(false);
    const messages = issuesOf(result);
    expect(messages).toContain('name: Name is required');
    expect(messages).toContain('endpoint: Endpoint is required');
    expect(messages).toContain('fieldMappings: Field mappings are required');
    expect(messages).toContain('secretKey: Secret key is required');
    const broken = webhookFormSchemaFor(null).safeParse({ ...initialWebhookValues(null), name: 'A', endpoint: 'a', fieldMappings: '{"email":', secretKey: SECRET });
    expect(issuesOf(broken)).toEqual(['fieldMappings: Field mappings must be valid JSON']);
    const short = webhookFormSchemaFor(null).safeParse({ ...initialWebhookValues(null), name: 'A', endpoint: 'a', secretKey: 'short' });
    expect(issuesOf(short)).toEqual(['secretKey: Secret key must be at least 16 characters']);
  });

  it('normalises the endpoint and sends blanks as null on create, with the secret', () => {
    const values = webhookFormSchemaFor(null).parse({ ...initialWebhookValues(null), name: ' Plans ', endpoint: '/api/webhooks/CRM-Plans/', secretKey: ` ${SECRET} ` });
    expect(toCreateBody(values)).toEqual({
      name: 'Plans',
      endpoint: 'crm-plans',
      description: null,
      fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT,
      templateId: null,
      secretKey: SECRET,
      isActive: true,
    });
  });

  it('keeps the secret on edit unless a new one is typed; never removes it', () => {
    const keep = toUpdateBody(webhookFormSchemaFor(webhook).parse(initialWebhookValues(webhook)));
    expect(keep).not.toHaveProperty('secretKey');
    expect(keep).not.toHaveProperty('removeSecret');
    expect(keep).toMatchObject({ name: 'CRM plan purchases', endpoint: 'crm-plans', isActive: false });
    const replaced = toUpdateBody(webhookFormSchemaFor(webhook).parse({ ...initialWebhookValues(webhook), secretKey: 'a'.repeat(32) }));
    expect(replaced.secretKey).toBe('a'.repeat(32));
  });

  it('requires a secret on the edit of a configuration that has none (it receives nothing until then)', () => {
    const bare = { ...webhook, hasSecret: false };
    expect(issuesOf(webhookFormSchemaFor(bare).safeParse(initialWebhookValues(bare)))).toEqual(['secretKey: Secret key is required']);
    expect(toUpdateBody(webhookFormSchemaFor(bare).parse({ ...initialWebhookValues(bare), secretKey: SECRET })).secretKey).toBe(SECRET);
  });

  it('generates 32 random bytes as 64 hex characters', () => {
    expect(generateSecretKey((bytes) => bytes.fill(0xab))).toBe('ab'.repeat(32));
    expect(generateSecretKey()).toMatch(/^[0-9a-f]{64}$/);
    expect(generateSecretKey()).not.toBe(generateSecretKey());
  });

  it('puts the server’s field errors on the form fields it knows', () => {
    expect(
      formFieldErrors([
        { field: 'endpoint', message: 'That endpoint is already used' },
        { field: 'body.fieldMappings', message: 'Field mappings must be valid JSON' },
        { field: 'endpoint', message: 'second message for the same field' },
        { field: 'request', message: 'Invalid request' },
      ]),
    ).toEqual([
      { field: 'endpoint', message: 'That endpoint is already used' },
      { field: 'fieldMappings', message: 'Field mappings must be valid JSON' },
    ]);
    expect(formFieldErrors([])).toEqual([]);
  });

  it('shows the last delivery in Toronto time, or Never', () => {
    expect(lastTriggeredLabel(null)).toBe('Never');
    expect(lastTriggeredLabel('2026-11-22T20:04:00.000Z')).toBe('Sun, Nov 22, 3:04 PM');
  });
});
