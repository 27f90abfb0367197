import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error';

/**
 * What a JSON body may cost before any check (issue 29): the family's and the anonymous routes (sign-in,
 * set-password, change password, bookings, waitlist, the user menu) take at most SMALL_BODY_LIMIT bytes, the
 * office's routes the app's 1 MB, the CRM receiver and the CSV import their own; and no JSON body may nest
 * deeper than MAX_JSON_DEPTH lists or objects, judged by a scan of the text before it is parsed (JSON.parse of
 * a megabyte of `[[[…]]]` takes the server seconds; the scan stops at the 17th bracket). The deepest body any
 * route takes is 3 levels (a template's rules); a CRM delivery is read by its own parser and may nest deeper.
 */
export const SMALL_BODY_LIMIT = 16 * 1024;
export const MAX_JSON_DEPTH = 16;
export const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/** The refusal of a body over the route's limit: 'The request body is too large: this request takes at most 16 KB'. */
export function bodyTooLarge(limitBytes: number): string {
  const size = limitBytes >= 1_048_576 ? `${Math.floor(limitBytes / 1_048_576)} MB` : `${Math.floor(limitBytes / 1024)} KB`;
  return `The request body is too large: this request takes at most ${size}`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_LIST = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `max` lists or objects inside one another: one pass over the characters,
 * skipping texts (brackets inside a string do not count, nor an escaped quote), stopping at the first bracket
 * too deep. Malformed text is left to the parser.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * Registers the JSON parser (Fastify's own, with its prototype-poisoning checks, after the depth scan) and the
 * small body limit of every /api route outside /api/admin that does not set one. Call before the routes.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) return done(new HttpError(400, TOO_DEEP, { code: 'JSON_TOO_DEEP' }), undefined);
    return parseJson(request, body, done);
  });
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/admin/') && route.bodyLimit === undefined) {
      route.bodyLimit = SMALL_BODY_LIMIT;
    }
  });
}
