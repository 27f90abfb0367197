import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { WEBHOOK_RECEIVER_PREFIX } from '../../shared/schemas/webhooks';
import type { Env } from '../env';
import { HttpError } from '../http-error';

/** The 403 of a cross-site write (code CSRF_REFUSED). */
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Content-Security-Policy of every response (the app page and the API alike). Styles: the built
 * stylesheet only ('self', no `https:`); inline `style="…"` attributes are refused (`style-src-attr 'none'`;
 * React sets its `style` props through the CSSOM, which CSP does not govern). The one exception is `<style>`
 * elements (`style-src-elem 'unsafe-inline'`): Radix's Dialog and DropdownMenu lock the page's scroll with
 * react-remove-scroll, which writes a `<style>` whose text holds the measured scrollbar width, so no fixed
 * hash can allow it (docs/decisions/011). Scripts stay 'self' only; nothing may frame the portal.
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'style-src-elem': ["'self'", "'unsafe-inline'"],
  'style-src-attr': ["'none'"],
};

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery guard for cookie-authenticated writes: a state-changing request that says
 * it comes from another site (Origin header, or Sec-Fetch-Site: cross-site) is refused with 403.
 * Same-origin requests and clients that send no Origin (curl, server-to-server) go through.
 */
export function assertSameSite(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') {
    throw new HttpError(403, CROSS_SITE_REFUSED, { code: 'CSRF_REFUSED' });
  }
  const origin = request.headers.origin;
  if (!origin) return;
  if (origin === requestOrigin(request) || allowedOrigins.includes(origin)) return;
  throw new HttpError(403, CROSS_SITE_REFUSED, { code: 'CSRF_REFUSED' });
}

/** Whether the request is for the API: by its matched route (`/%61pi/…` too) or its path (an unknown /api path). */
function isApiRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') === true || /^\/api(\/|\?|$)/.test(request.url);
}

/** Whether the matched route is the CRM webhook receiver (authenticated by its signature, not a cookie). */
function isWebhookReceiver(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(WEBHOOK_RECEIVER_PREFIX) === true;
}

export async function registerSecurity(
  app: FastifyInstance,
  env: Pick<Env, 'allowedOrigins' | 'secureCookies'>,
): Promise<void> {
  // helmet decides the security headers; the policy is the same for every response, so they are computed
  // once here and set as they are on each reply (building them per request cost more than a whole health check).
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: CSP_DIRECTIVES,
    },
    // Framing is refused outright (frame-ancestors 'none'); X-Frame-Options says the same to old browsers.
    frameguard: { action: 'deny' },
    // HSTS (one year, this host only: other hosts of the business's domain are not ours to pin) only where
    // the portal is served over HTTPS, production without INSECURE_HTTP; over plain HTTP in development it
    // would pin localhost to HTTPS in the developer's browser.
    strictTransportSecurity: env.secureCookies ? { maxAge: 31_536_000, includeSubDomains: false, preload: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Every API answer is about (or may depend on) who asks: no browser or shared cache may keep one, errors
    // included (a 401 or a stale list left in a shared cache is still someone's answer). Set before routing
    // runs the handler, so cached answers (cache/cached-json.ts), refusals and unknown /api paths all carry it.
    // The service worker's own network-first cache does not read Cache-Control (docs/decisions/009).
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    // Every state-changing request is checked, whatever its path: the router decodes the address
    // (`/%61pi/…` reaches `/api/…`), so a test on the raw URL could be sidestepped. The CRM webhook receiver
    // has no cookie to forge (it is authenticated by its signature, and a CRM may send an Origin header of
    // its own); the matched route decides (routing is done at onRequest), so no other route can borrow it.
    // A callback hook, not an async one: every request passes here, and a read is decided without a promise.
    if (SAFE_METHODS.has(request.method) || isWebhookReceiver(request)) return done();
    try {
      assertSameSite(request, env.allowedOrigins);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/**
 * The headers helmet sets for `options`, read by running its middleware once on a stand-in response (its
 * policies here are static: no per-request nonce or function directive). helmet also removes X-Powered-By,
 * which Fastify never sends.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
