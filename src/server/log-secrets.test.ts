import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { freePort } from './test-support/free-port';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';
import { users } from './db/schema';
import { loadEnv } from './env';
import { serializeError } from './logging';
import { createClassType, createParent, createSession } from './test-support/fixtures';
import { createTestDatabase } from './test-support/test-database';
import { ApiClient } from './test-support/test-server';

// Finding 9: the logs never carry the values of a failed query (e-mails, password and token hashes), nor a
// set-password token from an address, nor an e-mail recipient; they keep what is needed to investigate
// (the PostgreSQL error code and constraint, the outbox message id and the kind of e-mail).

const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$SECRETHASHMARKER$c2VjcmV0aGFzaG1hcmtlcg';
const TOKEN_MARKER = 'tok_SECRETTOKENMARKER_0123456789';

class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text() {
    return this.lines.join('\n');
  }
  entries(): Array<Record<string, any>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, any>);
  }
}

let app: FastifyInstance | undefined;
let database: DatabaseHandle | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  app = database = dataDir = undefined;
});

async function start(env: Record<string, string> = {}, extraRoutes?: (instance: FastifyInstance) => void) {
  const logs = new LogCapture();
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'nb-log-'));
  app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env }),
    database,
    webRoot: null,
    loggerStream: logs,
  });
  extraRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { logs, base, db: database.db };
}

describe('error logs', () => {
  it('a failed query is logged with its code and constraint, without its values', async () => {
    let existing = '';
    const { logs, base, db } = await start({}, (instance) => {
      // Test-only route: an insert that breaks the unique e-mail index, with a hash and a token among its values.
      instance.post('/test-only/duplicate-user', async () => {
        await db.insert(users).values({
          email: existing,
          firstName: 'Dup',
          lastName: 'Licate',
          role: 'PARENT',
          passwordHash: PASSWORD_HASH,
          phone: TOKEN_MARKER,
        });
        return { ok: true };
      });
    });
    existing = (await createParent(db, [])).email;

    const res = await fetch(`${base}/test-only/duplicate-user`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });

    const failure = logs.entries().find((entry) => entry.msg === 'unhandled error');
    expect(failure, logs.text).toBeDefined();
    expect(logs.text).not.toContain(existing);
    expect(logs.text).not.toContain('SECRETHASHMARKER');
    expect(logs.text).not.toContain(TOKEN_MARKER);
    // Still useful: what failed, where, and PostgreSQL's own code and constraint.
    expect(failure!.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure!.err.message).toContain('params: [redacted]');
    expect(failure!.err.params).toBeUndefined();
    expect(failure!.err.query).toBeUndefined();
    expect(failure!.err.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(failure!.err.cause.detail).toBeUndefined();
    expect(failure!.err.stack).toContain('log-secrets.test.ts');
  });

  it('a set-password token in an address is not logged', async () => {
    const { logs, base } = await start();
    const res = await fetch(`${base}/api/auth/set-password?token=${TOKEN_MARKER}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(logs.text).toContain('/api/auth/set-password?token=[redacted]');
    expect(logs.text).not.toContain(TOKEN_MARKER);
  });

  it("a calendar feed's token in an address is not logged, however the address is spelt", async () => {
    const { logs, base } = await start({ LOG_LEVEL: 'debug' });
    for (const path of [`/api/calendar/${TOKEN_MARKER}.ics`, `/%61pi/calendar/${TOKEN_MARKER}.ics?x=1`]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
    }
    expect(logs.text).toContain('/api/calendar/[redacted]');
    expect(logs.text).toContain('/api/calendar/[redacted]?x=1');
    expect(logs.text).not.toContain('SECRETTOKENMARKER');
  });

  it('a token is redacted once the address is decoded and normalised, and no error body echoes the address (issue 29)', async () => {
    const { logs, base } = await start({ LOG_LEVEL: 'debug' });
    // Sent exactly as written (fetch would resolve the dot segments itself).
    const send = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${base}${path}`, { method: 'GET' }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const paths = [
      `/api//calendar/${TOKEN_MARKER}.ics`,
      `/api/./calendar/${TOKEN_MARKER}.ics`,
      `/api/calendar/./${TOKEN_MARKER}.ics`,
      `/api/nothing/../calendar/${TOKEN_MARKER}.ics`,
      `//api/calendar/${TOKEN_MARKER}.ics`,
      `/api/calendar%2F${TOKEN_MARKER}.ics`,
      `/%2561pi/calendar/${TOKEN_MARKER}.ics`,
      `/API/Calendar/${TOKEN_MARKER}.ics`,
      // A broken escape, and a parameter over the router's length limit: refused by the router itself.
      `/api/calendar/%ZZ${TOKEN_MARKER}.ics`,
      `/api/calendar/${TOKEN_MARKER}${'x'.repeat(200)}.ics`,
    ];
    for (const path of paths) {
      const res = await send(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).not.toContain('SECRETTOKENMARKER');
      expect(JSON.parse(res.body), path).toHaveProperty('message');
    }
    // A set-password token whose parameter name is spelt with an escape is still the token (the route reads it).
    for (const query of [`t%6fken=${TOKEN_MARKER}`, `%74%6F%6B%65%6E=${TOKEN_MARKER}`, `x=1&TOKEN=${TOKEN_MARKER}`]) {
      const res = await send(`/api/auth/set-password?${query}`);
      expect(res.status, query).toBe(410);
      expect(res.body, query).not.toContain('SECRETTOKENMARKER');
    }
    const lines = logs.entries().filter((entry) => entry.msg === 'request completed');
    expect(lines.length, logs.text).toBe(paths.length + 3);
    expect(logs.text).not.toContain('SECRETTOKENMARKER');
    expect(logs.text).toContain('/api/calendar/[redacted]');
    expect(logs.text).toContain('/api/auth/set-password?t%6fken=[redacted]');
  });

  it('serializeError cleans errors of any shape, and is idempotent', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (lower(email))=(someone@example.com) already exists.',
      params: ['someone@example.com'],
    });
    const err = Object.assign(new Error(`Failed query: insert into "users" ("email") values ($1)\nparams: someone@example.com,${PASSWORD_HASH}`), {
      query: 'insert into "users" ("email") values ($1)',
      params: ['someone@example.com', PASSWORD_HASH],
      parameters: ['someone@example.com'],
      cause,
    });
    const once = serializeError(err);
    const twice = serializeError(once);
    for (const out of [once, twice]) {
      const text = JSON.stringify(out);
      expect(text).not.toContain('someone@example.com');
      expect(text).not.toContain('SECRETHASHMARKER');
      expect(out.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
      expect(out.message).toBe('Failed query: insert into "users" ("email") values ($1)\nparams: [redacted]');
    }
    expect(serializeError('plain text')).toMatchObject({ message: 'plain text' });
  });
});

describe('mail worker logs', () => {
  async function bookOnce(base: string, db: DatabaseHandle['db']) {
    const classType = await createClassType(db, { name: 'Log Class' });
    const session = await createSession(db, { classTypeId: classType.id, startsAt: new Date(Date.now() + 2 * 86_400_000) });
    const parent = await createParent(db, [['Ava', 3]], 'logged-family');
    const api = new ApiClient(base);
    await api.login(parent.email, parent.password);
    const res = await api.post('/api/bookings', { sessionId: session.id, childNames: ['Ava'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return parent;
  }

  it('a booking email is logged by id and kind, never by address (info)', async () => {
    const { logs, base, db } = await start();
    const parent = await bookOnce(base, db);
    await app!.emailWorker.idle();
    const written = logs.entries().find((entry) => entry.msg === 'email written to outbox folder');
    expect(written, logs.text).toMatchObject({ level: 30, kind: 'booking-confirmed' });
    expect(written!.emailId).toMatch(/^[0-9a-f-]{36}$/);
    expect(written!.to).toBeUndefined();
    expect(logs.text).not.toContain(parent.email);
  });

  it('a failed send is logged by id and kind, never by address (warn)', async () => {
    const { logs, base, db } = await start({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const parent = await bookOnce(base, db);
    await app!.emailWorker.idle();
    const failed = logs.entries().find((entry) => entry.msg === 'email not sent; will retry');
    expect(failed, logs.text).toMatchObject({ level: 40, kind: 'booking-confirmed', attempt: 1, giveUp: false });
    expect(failed!.emailId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.text).not.toContain(parent.email);
  });
});
