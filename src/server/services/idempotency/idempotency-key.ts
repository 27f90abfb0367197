import { createHash } from 'node:crypto';
import { HttpError } from '../../http-error';

/** The request header a client sends to make a write repeatable (Stripe's name and meaning). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** How long a key's answer is kept and replayed; an older key is treated as never seen. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const INVALID_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 printable ASCII characters';
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Send a new key for a new request.';

/** 1–255 printable ASCII characters (space to tilde): a UUID, a ULID or any client-made id. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The key of a request: null without the header (the write runs as usual), 400 when it is malformed. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new HttpError(400, INVALID_KEY_MESSAGE, { code: 'IDEMPOTENCY_KEY_INVALID' });
  return header;
}

/** JSON with object keys sorted at every depth, so `{a, b}` and `{b, a}` describe the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What a key is bound to: SHA-256 of the method, the route pattern, the path parameters and the validated body.
 * The same key sent again with anything else is a different request (422), not a repeat.
 */
export function requestHash(request: { method: string; route: string; params: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(canonicalJson([request.method.toUpperCase(), request.route, request.params ?? {}, request.body ?? null]))
    .digest('hex');
}
