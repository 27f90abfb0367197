import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminRole, isCoachRole } from '../../shared/rules/roles';
import { HttpError } from '../http-error';
import { findSessionUser, SIGNED_OUT_MESSAGE, signInCheck, type SessionUser, type SignInCheck } from '../services/auth/session-user';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
    /** The opaque id of the session row behind the cookie (for "This device" in the devices list). */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's write checks the sign-in itself, in its own statement (decision 017; `signInCheckedByTheWrite`):
     * the cookie is not looked up before the route and `request.user` stays null.
     */
    signInCheckedByWrite?: boolean;
    /** The route answers the same whoever asks (the readiness probe): the session cookie is not looked up. */
    withoutSession?: boolean;
    /** An /api/admin route a coach may call too (`atTheDoor`, issue 34): check-in and the day's rosters. */
    coachMay?: boolean;
  }
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionId', null);
  const idleLimits = { parentMinutes: app.env.SESSION_IDLE_MINUTES, adminMinutes: app.env.ADMIN_SESSION_IDLE_MINUTES };
  const signIn = async (request: FastifyRequest, token: string) => {
    // A read may take the session from the instance's read cache; a write always reads it from the database,
    // so a sign-in ended a moment ago on another instance can never change anything (docs/decisions/012).
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead) await app.readCaches.beforeRead();
    const session = await findSessionUser(app.db, token, app.clock(), idleLimits, isRead ? app.readCaches.sessions : undefined);
    if (session) {
      request.user = session.user;
      request.sessionToken = token;
      request.sessionId = session.sessionId;
    }
  };
  // A callback hook: a request without a session cookie (a monitor, the app's files) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // Decided by the matched route, not the raw address (`/%61pi/…` is routed to /api/… too).
    if (!request.routeOptions.url?.startsWith('/api/')) return done();
    const token = request.cookies[app.env.sessionCookieName];
    if (!token || token.length > 200 || request.routeOptions.config.withoutSession) return done();
    if (request.routeOptions.config.signInCheckedByWrite) {
      request.sessionToken = token;
      return done();
    }
    signIn(request, token).then(() => done(), done);
  });
}

/**
 * `Secure` always in production over HTTPS (env.secureCookies: the `__Host-` name requires it, with Path=/ and
 * no Domain), otherwise whenever the request came over HTTPS.
 */
function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.env.secureCookies || request.protocol === 'https',
  };
}

/** Sets the session cookie (named by env.sessionCookieName). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(request.server.env.sessionCookieName, token, { ...cookieOptions(request), expires });
}

/**
 * The trusted-device cookie's name, in the session cookie's style: `__Host-nb_device` over HTTPS in
 * production (env.secureCookies), else `nb_device`.
 */
export function deviceCookieName(env: Pick<FastifyInstance['env'], 'secureCookies'>): string {
  return env.secureCookies ? '__Host-nb_device' : 'nb_device';
}

/**
 * Sets the trusted-device cookie (services/auth/trusted-devices.ts): HttpOnly, SameSite=Lax, kept for
 * `maxAgeDays` (a relative lifetime: the browser's clock decides, whatever the server's business clock says).
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeDays: number): void {
  reply.setCookie(deviceCookieName(request.server.env), token, { ...cookieOptions(request), maxAge: maxAgeDays * 86_400 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(request.server.env.sessionCookieName, cookieOptions(request));
}

/** Route guard: any signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
}

/** Route guard of a write that checks the sign-in itself: a request without a session cookie stops here. */
async function requireSessionCookie(request: FastifyRequest): Promise<void> {
  if (!request.user && !request.sessionToken) throw new HttpError(401, SIGNED_OUT_MESSAGE);
}

/**
 * Route options of a write that checks the sign-in behind the cookie inside its own statement (decision 017: the
 * parents' repeatable writes), instead of a lookup before the route: one round trip less per request. The route
 * must hand `pendingSignIn(request)` to a write that checks it (services/bookings/booking-calls.ts).
 */
export const signInCheckedByTheWrite = { onRequest: requireSessionCookie, config: { signInCheckedByWrite: true } };

/** The sign-in a route of `signInCheckedByTheWrite` passes to its write, with the idle limits of env.ts. */
export function pendingSignIn(request: FastifyRequest): SignInCheck {
  if (!request.sessionToken) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  const { env } = request.server;
  return signInCheck(request.sessionToken, request.server.clock(), {
    parentMinutes: env.SESSION_IDLE_MINUTES,
    adminMinutes: env.ADMIN_SESSION_IDLE_MINUTES,
  });
}

/** What anyone else than an administrator is told by an /api/admin route (403). */
export const ADMINISTRATOR_REQUIRED = 'Administrator access required';

/**
 * Route guard of /api/admin: ADMIN or SUPER_ADMIN; a COACH only on a route registered with `atTheDoor` (issue 34,
 * docs/decisions/030-staff-trust.md); anyone else is a parent (spec 6).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  if (isAdminRole(request.user.role)) return;
  if (isCoachRole(request.user.role) && request.routeOptions.config.coachMay === true) return;
  throw new HttpError(403, ADMINISTRATOR_REQUIRED);
}

/** Route options of an /api/admin route a coach may call too: the door's (check-in, the day's rosters). */
export const atTheDoor = { config: { coachMay: true } } as const;

/** The signed-in user of a guarded route. */
export function actor(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return request.user;
}
