import type { Database } from '../db/client';
import { authSessions } from '../db/schema';
import { hashSessionToken, newSessionToken, SESSION_COOKIE } from '../services/auth/session-token';
import { readBody } from './test-server';

/**
 * A sign-in opened straight in the database, exactly as the login stores it (the SHA-256 of a fresh token),
 * without the argon2 check of a real login: for sweeps that need a fresh session per request, so that one
 * request signing out, changing a password or logging in again cannot disturb the next one.
 */
export async function openSignIn(db: Database, userId: string, userAgent = 'authz-sweep'): Promise<{ token: string; id: string }> {
  const token = newSessionToken();
  const [row] = await db
    .insert(authSessions)
    .values({ tokenHash: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000), userAgent, ipAddress: '127.0.0.1' })
    .returning({ id: authSessions.id });
  return { token, id: row!.id };
}

export interface SweepRequest {
  method: string;
  path: string;
  /** A JSON body (serialised here), a raw string, or a multipart form. */
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export interface SweepResponse {
  status: number;
  body: any;
}

/** One request with the given session token (none: anonymous), the way a browser tab would send it. */
export async function sendWithToken(baseUrl: string, token: string | null, request: SweepRequest): Promise<SweepResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.cookie = `${SESSION_COOKIE}=${token}`;
  let payload: string | FormData | undefined;
  if (request.form) {
    payload = request.form;
  } else if (request.body !== undefined) {
    payload = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + request.path, { method: request.method, headers, body: payload });
  return { status: response.status, body: await readBody(response) };
}
