import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { loadEnv } from '../env';
import { createTestDatabase } from '../test-support/test-database';
import { fillBusinessFacts } from './web';

// The server serving a built web app: SPA fallback, product name, caching, and /api staying JSON.
// The web root sits inside an outer folder that also holds files the server must never serve.
let outerDir: string;
let webRoot: string;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;

beforeAll(async () => {
  outerDir = mkdtempSync(path.join(tmpdir(), 'nb-web-'));
  webRoot = path.join(outerDir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(outerDir, 'package.json'), `{"name": "${OUTSIDE_MARKER}"}`);
  writeFileSync(path.join(outerDir, 'secret.txt'), OUTSIDE_MARKER);
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>__BUSINESS_NAME__ · Parent Booking Portal</title><meta name="business-name" content="__BUSINESS_NAME__"><div id="root"></div>',
  );
  writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BUSINESS_NAME: 'Maple & "Leaf" Sports', DATA_DIR: webRoot });
  app = await buildApp({ env, database, webRoot, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(outerDir, { recursive: true, force: true });
});

/** Text that only the files outside the web root contain. */
const OUTSIDE_MARKER = 'outside-the-web-root-7f3a';

/** A GET with the path sent exactly as written (fetch would normalise '..' and '%2e%2e' segments away). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(base);
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('serving the web app', () => {
  it('fills in the configured product name, HTML-escaped, in the page title', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<title>Maple &amp; &quot;Leaf&quot; Sports · Parent Booking Portal</title>');
    expect(html).not.toContain('__BUSINESS_NAME__');
  });

  it('fills the short name, and the office email and phone (empty when not configured) for the sign-in page', () => {
    const template =
      '<meta name="business-short-name" content="__BUSINESS_SHORT_NAME__"><meta name="business-contact-email" content="__BUSINESS_CONTACT_EMAIL__"><meta name="business-phone" content="__BUSINESS_PHONE__"><title>__BUSINESS_NAME__</title>';
    const configured = loadEnv({
      NODE_ENV: 'test',
      BUSINESS_NAME: 'Maple & Leaf Sports',
      BUSINESS_SHORT_NAME: 'M&L',
      BUSINESS_CONTACT_EMAIL: 'office@maple.example',
      BUSINESS_PHONE: '+1 416 555 0100',
    });
    expect(fillBusinessFacts(template, configured)).toBe(
      '<meta name="business-short-name" content="M&amp;L"><meta name="business-contact-email" content="office@maple.example"><meta name="business-phone" content="+1 416 555 0100"><title>Maple &amp; Leaf Sports</title>',
    );
    const bare = loadEnv({ NODE_ENV: 'test', BUSINESS_NAME: 'Maple Leaf Sports' });
    expect(fillBusinessFacts(template, bare)).toBe(
      '<meta name="business-short-name" content="Maple"><meta name="business-contact-email" content=""><meta name="business-phone" content=""><title>Maple Leaf Sports</title>',
    );
    // The splash's mark in index.html (issue 33: the splash is the page's own markup, painted before the app's scripts).
    expect(fillBusinessFacts('<span>__BUSINESS_INITIAL__</span><p>__BUSINESS_NAME__</p>', loadEnv({ NODE_ENV: 'test', BUSINESS_NAME: ' maple & Leaf' }))).toBe(
      '<span>M</span><p>maple &amp; Leaf</p>',
    );
    expect(() => loadEnv({ NODE_ENV: 'test', BUSINESS_PHONE: 'call us <script>' })).toThrow(/BUSINESS_PHONE must be a phone number/);
    expect(() => loadEnv({ NODE_ENV: 'test', BUSINESS_CONTACT_EMAIL: 'not-an-address' })).toThrow(/BUSINESS_CONTACT_EMAIL must be an email address/);
  });

  it('answers every app route with the app (the router decides), including reset-password paths', async () => {
    for (const route of ['/dashboard', '/booking-confirmation/abc', '/no/such/page', '/account/reset-password?token=x']) {
      const res = await fetch(base + route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves built assets with long caching, and a missing asset as a plain 404', async () => {
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);
    const missing = await fetch(`${base}/assets/missing-9.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
  });

  it('never answers an unknown /api path with the app', async () => {
    const res = await fetch(`${base}/api/nothing/here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ message: 'No such endpoint', code: 'NO_SUCH_ENDPOINT' });
  });

  it('does not escape the web root, however the path is encoded', async () => {
    // The outside files are real and readable: only the server's checks keep them in.
    const control = await rawGet('/assets/app-1234.js');
    expect(control.status).toBe(200);
    for (const attempt of [
      '/..%2f..%2fetc%2fpasswd',
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/..%2fsecret.txt',
      '/..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/..%2F..%2Fsecret.txt',
      '/%2e%2e/package.json',
      '/%2e%2e%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/assets/%252e%252e%252fsecret.txt',
      // No file extension: these would otherwise fall through to the app page.
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc',
    ]) {
      const res = await rawGet(attempt);
      expect({ attempt, status: [400, 404].includes(res.status) }).toEqual({ attempt, status: true });
      expect(res.body, attempt).not.toContain(OUTSIDE_MARKER);
      expect(res.body, attempt).not.toContain('root:');
    }
  });

  it('sends the security headers', async () => {
    const res = await fetch(`${base}/`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
