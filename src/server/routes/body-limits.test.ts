import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WEBHOOK } from '../db/seed';
import { readBody, type ApiClient } from '../test-support/test-server';
import { signWebhook } from '../test-support/webhook-signing';
import { withApi } from '../test-support/with-api';
import { NOW } from '../test-support/clock';

// Issue 29, item 10, through HTTP: a JSON body costs the server little before any check. The family's and the
// anonymous routes (sign-in, passwords, bookings) take at most 16 KB; no JSON body may nest deeper than 16
// levels, judged by a scan of the text before it is parsed; the office's routes and the CRM receiver keep
// their larger limits.
const {
  server,
  clients: { admin, parent },
} = withApi({ as: ['admin', 'parent'], clock: () => NOW });

const TOO_DEEP = 'The request body is nested too deeply (at most 16 levels)';
const tooLarge = (kb: number) => `The request body is too large: this request takes at most ${kb} KB`;
/** `levels` nested arrays, as text: `[[[…]]]`. */
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
/** Just under the server's 1 MB limit. */
const MEGABYTE_OF_NESTING = nested(500_000);

async function post(path: string, body: string, client?: ApiClient) {
  const started = performance.now();
  const res = client
    ? await client.request('POST', path, body, { 'content-type': 'application/json' })
    : await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (response) => ({
        status: response.status,
        body: await readBody(response),
      }));
  return { status: res.status, message: (res.body as { message?: string }).message, ms: performance.now() - started };
}

describe('JSON bodies: size and depth', () => {
  it('a 1 MB body of nested arrays is refused at once, without sign-in, on sign-in and set-password (413)', async () => {
    for (const path of ['/api/auth/login', '/api/auth/set-password']) {
      const res = await post(path, MEGABYTE_OF_NESTING);
      expect({ path, status: res.status, message: res.message }).toEqual({ path, status: 413, message: tooLarge(16) });
      // Refused from its announced length: nothing was parsed (parsing it took the server seconds).
      expect(res.ms, path).toBeLessThan(2000);
    }
  });

  it('a deeply nested body within the limit is refused before it is parsed (400), on the small routes and the office ones', async () => {
    for (const path of ['/api/auth/login', '/api/auth/set-password']) {
      expect(await post(path, nested(5000))).toMatchObject({ status: 400, message: TOO_DEEP });
    }
    expect(await post('/api/bookings', JSON.stringify({ sessionId: 'x', childNames: [JSON.parse(nested(17))] }), parent)).toMatchObject({
      status: 400,
      message: TOO_DEEP,
    });
    // An office route keeps its 1 MB limit, but not the depth.
    const office = await post('/api/admin/field-mapping-templates/preview', MEGABYTE_OF_NESTING, admin);
    expect({ status: office.status, message: office.message }).toEqual({ status: 400, message: TOO_DEEP });
    expect(office.ms).toBeLessThan(2000);
    // Objects count like lists.
    let deepObject = '1';
    for (let level = 0; level < 17; level++) deepObject = `{"a":${deepObject}}`;
    expect(await post('/api/admin/field-mapping-templates/preview', deepObject, admin)).toMatchObject({ status: 400, message: TOO_DEEP });
  });

  it('ordinary bodies still work: brackets inside texts do not count, 16 levels pass, office bodies may be large', async () => {
    // Brackets and escaped quotes inside a text are not nesting.
    const wrong = await post('/api/auth/login', JSON.stringify({ email: 'nobody@example.com', password: `x\\"${'['.repeat(150)}` }));
    expect(wrong).toMatchObject({ status: 401, message: 'Invalid email or password' });
    const { email, password } = DEMO_ACCOUNTS[2];
    expect((await post('/api/auth/login', JSON.stringify({ email, password }))).status).toBe(200);
    // 16 levels are parsed (and then judged by the route's schema).
    let sixteen = '1';
    for (let level = 0; level < 15; level++) sixteen = `{"a":${sixteen}}`;
    expect(await post('/api/auth/login', `{"email":${sixteen}}`)).toMatchObject({ status: 400, message: expect.stringMatching(/^email: /) });
    // The template preview takes a sample far over 16 KB.
    const sample = JSON.stringify({ contact: { email: 'big@example.com' }, notes: 'n'.repeat(90_000) });
    const preview = await admin.post('/api/admin/field-mapping-templates/preview', { samplePayload: sample, rules: [{ sourcePath: 'contact.email', targetPath: 'email' }] });
    expect(preview.status, JSON.stringify(preview.body).slice(0, 300)).toBe(200);
    expect(preview.body.mappedData).toEqual({ email: 'big@example.com' });
  });

  it('the CRM receiver still takes a signed delivery of almost 1 MB, nested deeper than the API allows', async () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 30; level++) deep = { level: deep };
    const raw = JSON.stringify({
      event: 'plan.purchased',
      contact: { id: 'crm-big-1', email: 'big.delivery@example.com', firstName: 'Big', lastName: 'Delivery' },
      plan: { tier: 'TWO' },
      history: deep,
      filler: 'x'.repeat(900_000),
    });
    const response = await fetch(`${server.baseUrl}/api/webhooks/${DEMO_WEBHOOK.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhook(DEMO_WEBHOOK.secretKey, raw, Math.floor(NOW.getTime() / 1000)) },
      body: raw,
    });
    expect(response.status, JSON.stringify(await readBody(response.clone()))).toBe(201);
  });
});
