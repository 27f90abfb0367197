import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBHOOK_RECEIVER_PREFIX } from '../../shared/schemas/webhooks';
import { HttpError } from '../http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
    throw new HttpError(403, 'Cross-site request refused');
  }
  const origin = request.headers.origin;
  if (!origin) return;
  if (origin === requestOrigin(request) || allowedOrigins.includes(origin)) return;
  throw new HttpError(403, 'Cross-site request refused');
}

export async function registerSecurity(app: FastifyInstance, allowedOrigins: readonly string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'upgrade-insecure-requests': null,
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
    // The app is served over plain HTTP in development; HSTS belongs to the TLS-terminating proxy.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request) => {
    // The CRM webhook receiver has no cookie to forge: it is authenticated by its signature, and a CRM
    // may well send an Origin header of its own. The matched route decides (routing is done at onRequest),
    // not the raw address, so no other route can borrow the exemption.
    if (request.routeOptions.url?.startsWith(WEBHOOK_RECEIVER_PREFIX)) return;
    if (request.url.startsWith('/api/')) assertSameSite(request, allowedOrigins);
  });
}
