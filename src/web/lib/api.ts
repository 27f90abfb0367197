import type { QueryFunction } from '@tanstack/react-query';
import { isErrorCode, type ErrorCode } from '../../shared/error-codes';
import { SERVER_TROUBLE } from '../../shared/product';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One problem the server found with one field of a form (`{ field: 'endpoint', message: '…' }`). */
export interface ServerFieldError {
  field: string;
  message: string;
}

/**
 * The error of a non-OK response: its text is spec 8's `<status>: <message>`; it also keeps the status, the
 * server's code (src/shared/error-codes.ts; null when the answer had none, e.g. a proxy's page), the per-field
 * problems (a 400's `errors: [{ field, message }]`, or a refusal naming one `field`), so a form can show each on its
 * field, and the parsed JSON body (a refusal's details, e.g. a session move's `weeklyLimitConflicts`). Screens
 * branch on `code` or `status`, never on the text (issue 30).
 */
export class ApiError extends Error {
  readonly code: ErrorCode | null;

  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: ServerFieldError[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
    const code = body && typeof body === 'object' && 'code' in body ? body.code : undefined;
    this.code = isErrorCode(code) ? code : null;
  }
}

/** The server's code of an API error, or null (not an API error, or an answer without one). */
export const errorCodeOf = (error: unknown): ErrorCode | null => (error instanceof ApiError ? error.code : null);

/** The status of an API error, or null (a network failure, an error of the app's own). */
export const errorStatusOf = (error: unknown): number | null => (error instanceof ApiError ? error.status : null);

/** The per-field problems of an error body. */
export function fieldErrorsOf(body: unknown): ServerFieldError[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  const out: ServerFieldError[] = [];
  if (Array.isArray(record.errors)) {
    for (const item of record.errors as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const { field, message } = item as Record<string, unknown>;
      if (typeof field === 'string' && typeof message === 'string') out.push({ field, message });
    }
  }
  if (!out.length && typeof record.field === 'string' && typeof record.message === 'string') out.push({ field: record.field, message: record.message });
  return out;
}

/**
 * Spec 8: a non-OK response becomes an ApiError(`<status>: <text>`), where the text is the JSON body's
 * message field, else the raw body text, else the status text.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = (await res.text().catch(() => '')).trim();
  let text = '';
  let parsed: unknown;
  if (bodyText) {
    text = bodyText;
    try {
      parsed = JSON.parse(bodyText);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
        text = parsed.message;
      }
    } catch {
      // not JSON: keep the raw body text
    }
  }
  throw new ApiError(`${res.status}: ${text || res.statusText}`, res.status, fieldErrorsOf(parsed), parsed);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Spec 7: every call sends cookies; a JSON body and JSON content type are sent only when there is a payload.
 * Resolves with the parsed JSON body (undefined for an empty body).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options: {
    signal?: AbortSignal;
    /** Sent as `Idempotency-Key` on a write a person may repeat (lib/idempotency.ts). */
    idempotencyKey?: string;
  } = {},
): Promise<T> {
  const hasPayload = data !== undefined;
  const headers: Record<string, string> = hasPayload ? { 'Content-Type': 'application/json' } : {};
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const res = await fetch(url, {
    method,
    headers,
    body: hasPayload ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  return (await readJson(res)) as T;
}

/** A path with a query string; parameters that are undefined are left out. */
export function withSearchParams(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Spec 7: the default read is a GET of the query key segments joined with '/'; a 401 throws unless told otherwise. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await readJson(res)) as T;
  };
}

/** The server's own `{ message }` for people, when the error body had one. */
const serverMessageOf = (body: unknown): string | null =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim() ? body.message.trim() : null;

/**
 * What a person reads of an API error (issue 20): the server's message without spec 8's '<status>: ' prefix, which
 * stays in the data layer. A server failure without a message of ours (a proxy's 502 page, a bare 503) reads
 * SERVER_TROUBLE, never a status text or markup; anything else without a message (a network failure) gives the
 * fallback.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  if (error instanceof ApiError) {
    const message = serverMessageOf(error.body);
    if (message) return message;
    if (error.status >= 500) return SERVER_TROUBLE;
  }
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  const text = match?.[1]?.trim();
  if (!text || text.startsWith('<')) return fallback;
  return text;
}
