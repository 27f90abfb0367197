/**
 * What a stored delivery may keep. Logs are read by every administrator and kept for weeks, so credentials
 * never reach them: headers and query parameters named like a credential, body keys named like a password,
 * secret or token, and the mapped password are replaced by REDACTED before the row is written. As a last
 * guard, any text that contains the configuration's own secret is replaced too.
 */

export const REDACTED = '[redacted]';
const SENSITIVE_HEADER = /signature|secret|token|auth|cookie|key|password/i;
const SENSITIVE_BODY_KEY = /password|secret|token/i;
const MAX_HEADERS = 50;
const MAX_HEADER_VALUE = 1000;
export const MAX_RAW_BODY_TEXT = 10_000;
/** Deeper than this, a subtree is stored as a placeholder (and the recursion below stays shallow). */
const MAX_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL refuses NUL characters in text and jsonb, and unpaired surrogates in jsonb; a CRM (or an
 * attacker) sending them must get a normal answer, not a 500, so every text read from a payload is made
 * storable first.
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * A parsed JSON value with every text (and key) made storable, keys matching `sensitiveKey` replaced and
 * the secret's occurrences cut out. Used on the payload before mapping too, so what is mapped and what is
 * logged are the same characters.
 */
export function cleanJson(value: unknown, options: { sensitiveKey?: RegExp; secret?: string | null } = {}, depth = 0): unknown {
  if (typeof value === 'string') return scrub(storableText(value), options.secret);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, options, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [rawKey, item] of Object.entries(value)) {
    const key = storableText(rawKey);
    const cleaned = options.sensitiveKey?.test(key) ? REDACTED : cleanJson(item, options, depth + 1);
    // Defined, not assigned: a "__proto__" key in a payload stays a plain key instead of setting a prototype.
    Object.defineProperty(out, key, { value: cleaned, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function scrub(text: string, secret: string | null | undefined): string {
  return secret && text.includes(secret) ? text.replaceAll(secret, REDACTED) : text;
}

/** Request headers as stored: lower-case names, credentials redacted, at most 50, values cut at 1000 characters. */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, secret?: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers).slice(0, MAX_HEADERS)) {
    if (raw === undefined) continue;
    const key = storableText(name.toLowerCase());
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    out[key] = SENSITIVE_HEADER.test(key) ? REDACTED : scrub(storableText(value), secret).slice(0, MAX_HEADER_VALUE);
  }
  return out;
}

/** Query parameters as stored (named like headers, so the header rule applies), or null when there are none. */
export function redactQuery(query: unknown, secret?: string | null): Record<string, unknown> | null {
  if (query === null || typeof query !== 'object' || !Object.keys(query).length) return null;
  return cleanJson(query, { sensitiveKey: SENSITIVE_HEADER, secret }) as Record<string, unknown>;
}

/** A parsed body as stored: keys like password, secret or token redacted at any depth. */
export function redactBody(body: unknown, secret?: string | null): unknown {
  return cleanJson(body, { sensitiveKey: SENSITIVE_BODY_KEY, secret });
}

/** A body that is not JSON, stored as its text (shortened): the office needs to see what the CRM sent. */
export function rawBodyText(rawBody: Buffer, secret?: string | null): string {
  return scrub(storableText(rawBody.toString('utf8')), secret).slice(0, MAX_RAW_BODY_TEXT);
}

/** Mapped fields as stored: the password never. */
export function redactMapped(mapped: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!mapped || !Object.keys(mapped).length) return null;
  return 'password' in mapped ? { ...mapped, password: REDACTED } : { ...mapped };
}
