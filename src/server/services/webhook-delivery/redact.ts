/**
 * What a stored delivery may keep. Logs are read by every administrator and kept for weeks, so credentials
 * never reach them: headers, query parameters and body keys named like a credential (sensitiveName below, in any
 * case and at any depth, in lists too) and the mapped password are replaced by REDACTED before the row is written.
 * As a last guard, the configuration's own secret is cut out of every text, keys included.
 */

export const REDACTED = '[redacted]';

/** Words that mark a credential wherever they appear in a name: no ordinary field name contains them. */
const CREDENTIAL_ANYWHERE = /password|passwd|passphrase|passcode|secret|token|credential/i;
/**
 * Words that mark a credential when they are a whole segment of the name (segments: split at `_`, `-`, `.`,
 * spaces and other punctuation, at camelCase humps and between letters and digits), so `apiKey`, `api_key`,
 * `X-Api-Key`, `private_key`, `pinCode`, `sessionId`, `otp` and `auth` are credentials but `keyword`, `monkey`,
 * `shipping`, `spinClass`, `hotpot`, `author`, `passport`, `compass` and `sessionsPerWeek` are not.
 */
const CREDENTIAL_SEGMENTS = new Set([
  'key', 'keys', 'pass', 'pw', 'pwd', 'pin', 'pins', 'otp', 'totp', 'hotp', 'mfa', 'auth', 'oauth', 'authorization',
  'authentication', 'cookie', 'cookies', 'session', 'sid', 'signature', 'sig', 'cvv', 'cvc',
  // The usual names written as one word.
  'apikey', 'apikeys', 'privatekey', 'accesskey', 'sessionid', 'sessionkey', 'pincode', 'authkey', 'setcookie',
]);

/** A name's segments, lower-cased: `X-ApiKey_2` is x, api, key, 2. */
export function nameSegments(name: string): string[] {
  return name
    .replace(/([\p{Ll}\p{N}])(?=\p{Lu})/gu, '$1 ')
    .replace(/(\p{Lu})(?=\p{Lu}\p{Ll})/gu, '$1 ')
    .replace(/(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, '$1$2 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((segment) => segment.toLowerCase());
}

/**
 * Whether a header, query parameter or body key names a credential: it contains password, passwd, passphrase,
 * passcode, secret, token or credential anywhere, or one of its segments is a credential word (key, pass, pw, pwd,
 * pin, otp, auth, cookie, session, signature, …; see CREDENTIAL_SEGMENTS).
 */
export function sensitiveName(name: string): boolean {
  return CREDENTIAL_ANYWHERE.test(name) || nameSegments(name).some((segment) => CREDENTIAL_SEGMENTS.has(segment));
}

const SENSITIVE_NAME = { test: sensitiveName };
/** Headers and query parameters are judged more widely: any name containing one of these words, anywhere. */
const HEADER_WORD = /signature|secret|token|auth|cookie|key|password|passwd|credential/i;
const SENSITIVE_HEADER = { test: (name: string) => HEADER_WORD.test(name) || sensitiveName(name) };
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
export function cleanJson(value: unknown, options: { sensitiveKey?: { test(key: string): boolean }; secret?: string | null } = {}, depth = 0): unknown {
  if (typeof value === 'string') return scrub(storableText(value), options.secret);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, options, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [rawKey, item] of Object.entries(value)) {
    const storable = storableText(rawKey);
    // A key holding the secret loses it, and its value goes too (whatever was filed under the secret).
    const key = scrub(storable, options.secret);
    const cleaned = key !== storable || options.sensitiveKey?.test(key) ? REDACTED : cleanJson(item, options, depth + 1);
    // Defined, not assigned: a "__proto__" key in a payload stays a plain key instead of setting a prototype.
    Object.defineProperty(out, key, { value: cleaned, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function scrub(text: string, secret: string | null | undefined): string {
  return secret && text.includes(secret) ? text.replaceAll(secret, REDACTED) : text;
}

/** Request headers as stored: lower-case names, credentials redacted (a name holding the secret too), at most 50, values cut at 1000 characters. */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, secret?: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers).slice(0, MAX_HEADERS)) {
    if (raw === undefined) continue;
    const storable = storableText(name.toLowerCase());
    const key = scrub(storable, secret);
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    out[key] = key !== storable || SENSITIVE_HEADER.test(key) ? REDACTED : scrub(storableText(value), secret).slice(0, MAX_HEADER_VALUE);
  }
  return out;
}

/** Query parameters as stored (named like headers, so the header rule applies), or null when there are none. */
export function redactQuery(query: unknown, secret?: string | null): Record<string, unknown> | null {
  if (query === null || typeof query !== 'object' || !Object.keys(query).length) return null;
  return cleanJson(query, { sensitiveKey: SENSITIVE_HEADER, secret }) as Record<string, unknown>;
}

/** A parsed body as stored: keys named like a credential redacted at any depth. */
export function redactBody(body: unknown, secret?: string | null): unknown {
  return cleanJson(body, { sensitiveKey: SENSITIVE_NAME, secret });
}

/**
 * A body that is not JSON, stored as its text (shortened): the office needs to see what the CRM sent. Broken
 * JSON still has its sensitive keys' values redacted.
 */
export function rawBodyText(rawBody: Buffer, secret?: string | null): string {
  return redactJsonText(scrub(storableText(rawBody.toString('utf8')), secret).slice(0, MAX_RAW_BODY_TEXT));
}

/**
 * The start of a body refused before its signature was verified, as stored when the body is longer than
 * `maxBytes`: at most that many bytes (cut at a character boundary) as text, marked as cut, with the size
 * received. The text is JSON cut anywhere, so sensitive keys are redacted by pattern (`"password": "…"`).
 */
export function truncatedBody(rawBody: Buffer, maxBytes: number, secret?: string | null): { truncated: true; bytes: number; text: string } {
  // TextDecoder with fatal: false turns a character cut in half at the end into U+FFFD; drop that one.
  let text = new TextDecoder('utf-8').decode(rawBody.subarray(0, maxBytes));
  if (rawBody.length > maxBytes && text.endsWith('\uFFFD')) text = text.slice(0, -1);
  // Redaction may lengthen the text a little ("pw":1 becomes "pw":"[redacted]"): cut again to stay bounded.
  return { truncated: true, bytes: rawBody.length, text: redactJsonText(scrub(storableText(text), secret)).slice(0, maxBytes) };
}

/** Where the JSON string starting at `start` (a quote) ends: after its closing quote, or the end of the text. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/** Where the JSON value starting at `start` ends: a string, a whole object or list (nesting counted), or a bare word. */
function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first !== '{' && first !== '[') {
    let i = start;
    while (i < text.length && !/[\s,}\]]/.test(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * JSON text, whole or cut anywhere, with the value of every sensitive key (at any depth) replaced, as
 * redactBody does for parsed JSON: a small scanner that knows strings and nesting, not a parser.
 */
function redactJsonText(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '"') {
      out += text[i];
      i++;
      continue;
    }
    const end = stringEnd(text, i);
    const token = text.slice(i, end);
    let colon = end;
    while (colon < text.length && /\s/.test(text[colon]!)) colon++;
    if (text[colon] === ':' && token.length > 1 && token.endsWith('"')) {
      let key = token.slice(1, -1);
      try {
        key = JSON.parse(token) as string;
      } catch {
        /* an odd escape: the key as written */
      }
      if (SENSITIVE_NAME.test(key)) {
        let value = colon + 1;
        while (value < text.length && /\s/.test(text[value]!)) value++;
        out += `${text.slice(i, value)}"${REDACTED}"`;
        i = valueEnd(text, value);
        continue;
      }
    }
    out += token;
    i = end;
  }
  return out;
}

/** Mapped fields as stored: the password never, nor the secret in any text. */
export function redactMapped(mapped: Record<string, unknown> | null | undefined, secret?: string | null): Record<string, unknown> | null {
  if (!mapped || !Object.keys(mapped).length) return null;
  const cleaned = cleanJson(mapped, { secret }) as Record<string, unknown>;
  return 'password' in cleaned ? { ...cleaned, password: REDACTED } : cleaned;
}

/** A text of the log's own (the answer's message, error details) with the secret cut out. */
export function scrubbedText(text: string, secret?: string | null): string {
  return scrub(storableText(text), secret);
}
