import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminRole } from '../../shared/rules/roles';
import { HttpError } from '../http-error';
import { SESSION_COOKIE } from '../services/auth/session-token';
import { findSessionUser, type SessionUser } from '../services/auth/session-user';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const user = await findSessionUser(app.db, token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
}

/** Cookie attributes of the session cookie; Secure whenever the request came over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** Route guard: any signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, 'Please sign in to continue');
}

/** Route guard: ADMIN or SUPER_ADMIN; anyone else is a parent (spec 6). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, 'Please sign in to continue');
  if (!isAdminRole(request.user.role)) throw new HttpError(403, 'Administrator access required');
}

/** The signed-in user of a guarded route. */
export function actor(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Please sign in to continue');
  return request.user;
}
