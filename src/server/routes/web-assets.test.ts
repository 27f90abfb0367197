import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRAND_COLOR } from '../../shared/product';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { seedDemoData } from '../db/seed';
import { loadEnv } from '../env';
import { projectRoot } from '../paths';
import { COMPRESSIBLE_TYPES } from '../plugins/compression';
import { pickEncoding } from '../plugins/web';
import { shortNameOf } from '../plugins/web-manifest';
import { SESSION_COOKIE } from '../services/auth/session-token';
import { createTestDatabase } from '../test-support/test-database';
import { ApiClient } from '../test-support/test-server';

// Issue 10 (fast on a phone, installable): the built web app's files go out pre-compressed, the app page and
// the larger API answers compressed on the fly, source maps stay private in production, and the server
// publishes the web app manifest. The web root is built like dist/web, and the build's own compression
// script (scripts/compress-web.mjs) runs on it.

const BUSINESS_NAME = 'Maple Leaf Sports Club';
/** About 6 KB of JavaScript that compresses well, like a real chunk. */
const APP_JS = Array.from({ length: 120 }, (_, i) => `export const value${i} = "session ${i % 7}";`).join('\n');
const TINY_JS = 'console.log("tiny")';
/** Stands in for the built service worker (its precache list makes it a few KB). */
const SERVICE_WORKER_JS = `self.addEventListener('fetch', () => {});\n${APP_JS.replaceAll('export const', 'const')}`;
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['main.tsx'], mappings: 'AAAA'.repeat(400) });

let outerDir: string;
let webRoot: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let productionApp: FastifyInstance;
let base: string;
let productionBase: string;

async function listen(instance: FastifyInstance): Promise<string> {
  await instance.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  outerDir = mkdtempSync(path.join(tmpdir(), 'nb-web-assets-'));
  webRoot = path.join(outerDir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  mkdirSync(path.join(webRoot, 'icons'), { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    `<!doctype html><title>__BUSINESS_NAME__ · Parent Booking Portal</title><meta name="business-name" content="__BUSINESS_NAME__"><div id="root"></div>`,
  );
  writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), APP_JS);
  writeFileSync(path.join(webRoot, 'assets', 'app-1234.js.map'), SOURCE_MAP);
  writeFileSync(path.join(webRoot, 'assets', 'tiny-5678.js'), TINY_JS);
  writeFileSync(path.join(webRoot, 'sw.js'), SERVICE_WORKER_JS);
  writeFileSync(path.join(webRoot, 'icons', 'icon-192.png'), readFileSync(path.join(projectRoot, 'src/web/public/icons/icon-192.png')));
  execFileSync(process.execPath, [path.join(projectRoot, 'scripts', 'compress-web.mjs'), webRoot], { stdio: 'pipe' });

  database = await createTestDatabase();
  await seedDemoData(database.db);
  const settings = { LOG_LEVEL: 'silent', BUSINESS_NAME, DATA_DIR: outerDir } as const;
  app = await buildApp({ env: loadEnv({ ...settings, NODE_ENV: 'test' }), database, webRoot, logger: false });
  // A streaming answer, to prove it is never compressed (the portal has none yet).
  app.get('/api/test-only/events', { schema: { response: { 200: z.string() } } }, (_request, reply) =>
    reply.type('text/event-stream').send('data: {"spots": 3}\n\n'.repeat(200)),
  );
  base = await listen(app);
  productionApp = await buildApp({ env: loadEnv({ ...settings, NODE_ENV: 'production' }), database, webRoot, logger: false });
  productionBase = await listen(productionApp);
});
afterAll(async () => {
  await app?.close();
  await productionApp?.close();
  await database?.close();
  rmSync(outerDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (compressed if the server compressed it). */
  body: Buffer;
}

/** A GET that sends exactly the given headers and does not decode the answer (fetch would). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

/** The body as the browser sees it after undoing the Content-Encoding. */
function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  expect(encoding ?? 'identity').toBe('identity');
  return response.body;
}

const varyNames = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());

describe('the build step that pre-compresses the web app', () => {
  it('writes .br and .gz next to text files of 1 KB or more only', () => {
    expect(existsSync(path.join(webRoot, 'assets', 'app-1234.js.br'))).toBe(true);
    expect(existsSync(path.join(webRoot, 'assets', 'app-1234.js.gz'))).toBe(true);
    // Too small, not text, not published, or filled in at run time:
    for (const file of ['assets/tiny-5678.js', 'icons/icon-192.png', 'assets/app-1234.js.map', 'index.html']) {
      expect(existsSync(path.join(webRoot, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(webRoot, `${file}.gz`)), file).toBe(false);
    }
  });
});

describe('static files of the web app', () => {
  it('sends the brotli file to a browser that accepts br, with Vary and the long cache kept', async () => {
    const res = await rawGet(`${base}/assets/app-1234.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyNames(res)).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(APP_JS.length / 4);
    expect(decoded(res).toString()).toBe(APP_JS);
  });

  it('sends the gzip file to a browser that accepts gzip only (or refuses br)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await rawGet(`${base}/assets/app-1234.js`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(varyNames(res)).toContain('accept-encoding');
      expect(decoded(res).toString()).toBe(APP_JS);
    }
  });

  it('sends the file as it is to a client that accepts no encoding, still saying it varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await rawGet(`${base}/assets/app-1234.js`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varyNames(res)).toContain('accept-encoding');
      expect(res.body.toString()).toBe(APP_JS);
    }
  });

  it('does not compress on the fly what the build left as it is (small or binary files)', async () => {
    const tiny = await rawGet(`${base}/assets/tiny-5678.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(TINY_JS);
    const icon = await rawGet(`${base}/icons/icon-192.png`, { 'accept-encoding': 'br, gzip' });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app page compressed in memory when accepted, with the business name filled in', async () => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      for (const route of ['/', '/dashboard', '/index.html']) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        const res = await rawGet(base + route, headers);
        expect(res.status, route).toBe(200);
        expect(res.headers['content-encoding'], `${route} ${accept}`).toBe(encoding);
        expect(varyNames(res)).toContain('accept-encoding');
        expect(res.headers['cache-control']).toBe('no-cache');
        const html = decoded(res).toString();
        expect(html).toContain(`<title>${BUSINESS_NAME} · Parent Booking Portal</title>`);
        expect(html).not.toContain('__BUSINESS_NAME__');
      }
    }
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('source maps', () => {
  it('are served outside production, for debugging', async () => {
    const res = await rawGet(`${base}/assets/app-1234.js.map`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(SOURCE_MAP);
  });

  it('answer 404 in production, however the path is written, while the code itself is served', async () => {
    for (const route of ['/assets/app-1234.js.map', '/assets/app-1234.js%2emap', '/assets/app-1234.js.map?v=1', '/assets//app-1234.js.map']) {
      const res = await rawGet(productionBase + route, { 'accept-encoding': 'br, gzip' });
      expect(res.status, route).toBe(404);
      expect(res.body.toString(), route).not.toContain('mappings');
    }
    const code = await rawGet(`${productionBase}/assets/app-1234.js`, { 'accept-encoding': 'br' });
    expect(code.status).toBe(200);
    expect(decoded(code).toString()).toBe(APP_JS);
  });
});

describe('GET /sw.js', () => {
  it('serves the service worker at the root (scope /), never from an HTTP cache, compressed when accepted', async () => {
    const plain = await rawGet(`${productionBase}/sw.js`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // Spec: no HTTP caching of the script, so a new version is seen at the next update check.
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toBe(SERVICE_WORKER_JS);

    const compressed = await rawGet(`${productionBase}/sw.js`, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(compressed.body).toString()).toBe(SERVICE_WORKER_JS);
  });
});

describe('GET /manifest.webmanifest', () => {
  it('describes the installable app: names, start page, standalone display, brand colours and icons', async () => {
    const res = await rawGet(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body.toString())).toEqual({
      id: '/',
      name: BUSINESS_NAME,
      short_name: 'Maple',
      description: `${BUSINESS_NAME} parent booking portal: book training sessions for your children.`,
      lang: 'en',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: BRAND_COLOR,
      background_color: BRAND_COLOR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  it('uses the configured short name, else the first word, never longer than 12 characters', () => {
    expect(shortNameOf('Northbound Athletics')).toBe('Northbound');
    expect(shortNameOf('Supercalifragilistic Track Club')).toBe('Supercalifra');
    expect(shortNameOf('Maple Leaf Sports', 'Maple Leaf')).toBe('Maple Leaf');
    expect(() => loadEnv({ BUSINESS_SHORT_NAME: 'Far Too Long A Name' })).toThrow(/BUSINESS_SHORT_NAME/);
  });

  it('names icons that exist at the stated sizes, in the brand colour of the stylesheet', () => {
    const pngSize = (file: string) => {
      const bytes = readFileSync(path.join(projectRoot, 'src/web/public', file));
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
    };
    expect(pngSize('icons/icon-192.png')).toBe('192x192');
    expect(pngSize('icons/icon-512.png')).toBe('512x512');
    expect(pngSize('icons/icon-maskable-512.png')).toBe('512x512');
    expect(pngSize('icons/apple-touch-icon.png')).toBe('180x180');
    const css = readFileSync(path.join(projectRoot, 'src/web/index.css'), 'utf8');
    expect(css).toContain(`--color-brand-600: ${BRAND_COLOR};`);
    const page = readFileSync(path.join(projectRoot, 'src/web/index.html'), 'utf8');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(page).toContain(`<meta name="theme-color" content="${BRAND_COLOR}" />`);
    expect(page).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });
});

describe('API responses', () => {
  let cookie: string;
  beforeAll(async () => {
    const admin = new ApiClient(base);
    await admin.login('admin@example.com', 'admin-demo-1');
    cookie = `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}`;
  });

  it('compresses a JSON answer over 1 KB when the client accepts it, and only then', async () => {
    const plain = await rawGet(`${base}/api/sessions`, { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const sessions = JSON.parse(plain.body.toString());
    for (const accept of ['br', 'gzip']) {
      const res = await rawGet(`${base}/api/sessions`, { cookie, 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(accept);
      expect(varyNames(res)).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(res).toString())).toEqual(sessions);
    }
  });

  it('sends a small JSON answer as it is', async () => {
    const res = await rawGet(`${base}/api/me`, { cookie, 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).email).toBe('admin@example.com');
  });

  it('still downloads a CSV export intact (type, file name, BOM) when it is gzipped on the way', async () => {
    const res = await rawGet(`${base}/api/admin/sessions/export.csv`, { cookie, 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sessions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['content-encoding']).toBe('gzip');
    const bytes = decoded(res);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString()).toMatch(/^Class,Class code,Date,Start,End,/);
    const plain = await rawGet(`${base}/api/admin/sessions/export.csv`, { cookie });
    expect(decoded(plain).equals(bytes)).toBe(true);
  });

  it('never compresses an event stream', async () => {
    const res = await rawGet(`${base}/api/test-only/events`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(COMPRESSIBLE_TYPES.test('text/event-stream')).toBe(false);
    for (const type of ['image/png', 'application/octet-stream', 'application/zip', 'font/woff2']) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
    }
    for (const type of ['application/json; charset=utf-8', 'text/csv; charset=utf-8', 'text/plain', 'image/svg+xml']) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    }
  });
});
