import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { seedDemoData } from '../db/seed';
import { loadEnv } from '../env';
import { createTestDatabase } from '../test-support/test-database';
import { ApiClient } from '../test-support/test-server';

// Edge hardening (docs/decisions/011): security headers and CSP, HSTS only over HTTPS in production, the CSRF
// guard whatever the spelling of the address, and which X-Forwarded-For hops are believed (TRUST_PROXY).

const EXPECTED_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "style-src-attr 'none'",
].join(';');

let outerDir: string;
let webRoot: string;
let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

/** The real app on a random loopback port, with the given environment and a test-only route echoing request.ip. */
async function start(settings: Record<string, string> = {}): Promise<string> {
  const env = loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: outerDir, NODE_ENV: 'test', ...settings });
  const app = await buildApp({ env, database, webRoot, logger: false });
  app.get(
    '/api/test-only/client',
    { schema: { response: { 200: z.object({ ip: z.string(), protocol: z.string() }) } } },
    (request) => ({ ip: request.ip, protocol: request.protocol }),
  );
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

let base: string;

beforeAll(async () => {
  outerDir = mkdtempSync(path.join(tmpdir(), 'nb-security-'));
  webRoot = path.join(outerDir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>__BUSINESS_NAME__</title><div id="root"></div>');
  database = await createTestDatabase();
  await seedDemoData(database.db);
  base = await start();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  rmSync(outerDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends the exact CSP and the browser hardening headers on the app page and on API answers', async () => {
    for (const address of ['/', '/dashboard', '/api/health', '/api/no-such-thing']) {
      const res = await fetch(base + address);
      const headers = Object.fromEntries(
        ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-frame-options'].map(
          (name) => [name, res.headers.get(name)],
        ),
      );
      expect({ address, headers }).toEqual({
        address,
        headers: {
          'content-security-policy': EXPECTED_CSP,
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'cross-origin-opener-policy': 'same-origin',
          'x-frame-options': 'DENY',
        },
      });
    }
  });

  it('sends no HSTS in development or test: the portal is on plain HTTP there', async () => {
    expect((await fetch(`${base}/api/health`)).headers.get('strict-transport-security')).toBeNull();
    const development = await start({ NODE_ENV: 'development' });
    expect((await fetch(`${development}/api/health`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS for one year, this host only, in production, on the page and the API', async () => {
    const production = await start({ NODE_ENV: 'production' });
    for (const address of ['/', '/api/health']) {
      expect((await fetch(production + address)).headers.get('strict-transport-security'), address).toBe('max-age=31536000');
    }
  });

  it('sends no HSTS in production with INSECURE_HTTP=true', async () => {
    const insecure = await start({ NODE_ENV: 'production', INSECURE_HTTP: 'true' });
    expect((await fetch(`${insecure}/api/health`)).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('CSRF guard whatever the spelling of the address', () => {
  it('the router does decode /%61pi/… to /api/… (so a test on the raw URL would miss it)', async () => {
    const res = await new ApiClient(base).get('/%61pi/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('refuses a cross-origin logout sent to /%61pi/auth/logout with the session cookie, keeping the session', async () => {
    const api = new ApiClient(base);
    await api.login('parent@example.com', 'parent-demo-1');
    const res = await api.post('/%61pi/auth/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused', code: 'CSRF_REFUSED' });
    expect((await api.get('/api/me')).status).toBe(200);
  });

  it('refuses a cross-origin booking sent to /%61pi/bookings or /api/%62ookings with the session cookie', async () => {
    const api = new ApiClient(base);
    await api.login('parent@example.com', 'parent-demo-1');
    for (const address of ['/%61pi/bookings', '/api/%62ookings', '/%61%70%69/bookings']) {
      const res = await api.post(address, { sessionId: '00000000-0000-4000-8000-000000000000', childNames: ['Ava'] }, { 'sec-fetch-site': 'cross-site' });
      expect({ address, status: res.status }).toEqual({ address, status: 403 });
    }
  });

  it('still lets same-origin writes and reads through, and keeps the webhook receiver exempt by its matched route', async () => {
    const api = new ApiClient(base);
    await api.login('parent@example.com', 'parent-demo-1');
    expect((await api.get('/api/me', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(200);
    expect((await api.post('/api/auth/logout', undefined, { origin: base, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // The receiver answers for itself (no signature: 401), never with the CSRF 403, even spelled differently.
    for (const address of ['/api/webhooks/crm-plans', '/%61pi/webhooks/crm-plans']) {
      const res = await new ApiClient(base).post(address, { event: 'plan.purchased' }, { origin: 'https://crm.example' });
      expect({ address, status: res.status }).toEqual({ address, status: 401 });
    }
  });
});

describe('TRUST_PROXY: which X-Forwarded-For hops are believed', () => {
  const forged = { 'x-forwarded-for': '6.6.6.6, 1.2.3.4', 'x-forwarded-proto': 'https' };

  it('ignores X-Forwarded-* entirely when TRUST_PROXY is unset', async () => {
    const res = await new ApiClient(base).get('/api/test-only/client', forged);
    expect(res.body).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('with TRUST_PROXY=1 believes only the nearest hop: the address the proxy saw, not one the client wrote', async () => {
    const oneHop = await start({ TRUST_PROXY: '1' });
    const res = await new ApiClient(oneHop).get('/api/test-only/client', forged);
    expect(res.body).toEqual({ ip: '1.2.3.4', protocol: 'https' });
  });

  it('with TRUST_PROXY=2 believes two hops', async () => {
    const twoHops = await start({ TRUST_PROXY: '2' });
    expect((await new ApiClient(twoHops).get('/api/test-only/client', forged)).body.ip).toBe('6.6.6.6');
  });

  it('with a list believes only the listed proxies', async () => {
    const listed = await start({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    expect((await new ApiClient(listed).get('/api/test-only/client', forged)).body.ip).toBe('1.2.3.4');
    const elsewhere = await start({ TRUST_PROXY: '10.0.0.0/8' });
    expect((await new ApiClient(elsewhere).get('/api/test-only/client', forged)).body).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });
});
