import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { seedDemoData } from '../db/seed';
import { loadEnv } from '../env';
import { testPasswordHash } from './password-hashes';
import { createTestDatabase } from './test-database';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app listening on a random loopback port, on a fresh database (with the demo data unless told not to). */
export async function startTestServer(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    now?: Date;
    /** Pins the server's clock for business rules. */
    clock?: () => Date;
    /** Extra routes for probing plugins (registered before the server listens). */
    extraRoutes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoData(database.db, options.now ?? options.clock?.(), { hashPassword: testPasswordHash });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nb-test-'));
  // READ_CACHE=strict: a test may write straight into the database and read through HTTP at once, on
  // PostgreSQL too (src/server/cache/read-caches.test.ts covers the default mode's behaviour).
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, READ_CACHE: 'strict', ...options.env });
  const app = await buildApp({ env, database, webRoot: null, logger: false, clock: options.clock });
  options.extraRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A response's body: parsed JSON, the text when it is not JSON, null when empty. */
export async function readBody(response: Response): Promise<any> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

/** A small HTTP client with a cookie jar, like a browser tab talking to the API. */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const allHeaders: Record<string, string> = { ...headers };
    if (this.cookies.size) allHeaders.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      allHeaders['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers: allHeaders, body: payload });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: (await readBody(response)) as T, headers: response.headers, setCookies };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }

  async login(email: string, password: string): Promise<ApiResponse> {
    const response = await this.post('/api/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`login as ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  }
}
