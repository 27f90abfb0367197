import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { loadEnv } from '../env';
import { createTestDatabase } from '../test-support/test-database';

// Slow clients (slowloris, docs/decisions/011): a request that never finishes arriving is cut off. The app is
// built with a 1-second request timeout (production: 30 s) so the test is quick.

const REQUEST_TIMEOUT_MS = 1_000;

let dataDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nb-timeouts-'));
  database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  app = await buildApp({ env, database, webRoot: null, logger: false, requestTimeoutMs: REQUEST_TIMEOUT_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  closedAfterMs: number | null;
  response: string;
}

/**
 * Opens a connection, writes `head` and then one byte every 100 ms (never the whole body), and reports when
 * the server closed the connection (null when it was still open after `giveUpMs`) and what it answered.
 */
function dribble(head: string, giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, response });
    };
    const giveUp = setTimeout(() => finish(null), giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.write('a'), 100);
    });
  });
}

describe('request timeouts', () => {
  it('closes a connection whose body dribbles in and never finishes, with a 408, within the timeout', async () => {
    const outcome = await dribble(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"email":"',
      REQUEST_TIMEOUT_MS * 5,
    );
    expect(outcome.closedAfterMs).not.toBeNull();
    // The timeout is checked every tenth of it: closed between the timeout and twice it.
    expect(outcome.closedAfterMs!).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(outcome.closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS * 2);
    expect(outcome.response).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers dribble in and never end', async () => {
    const outcome = await dribble('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', REQUEST_TIMEOUT_MS * 5);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS * 2);
    expect(outcome.response).not.toMatch(/^HTTP\/1\.1 200 /);
  });

  it('still serves an ordinary request and a body sent at once', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-real-one' }),
    });
    expect(res.status).toBe(401);
  });
});
