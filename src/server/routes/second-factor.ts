import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isStaffRole } from '../../shared/rules/roles';
import { idParams, okResponse } from '../../shared/schemas/common';
import {
  addPasskeyBody,
  AUTHENTICATOR_UNAVAILABLE,
  authenticatorSetUpResponse,
  confirmAuthenticatorBody,
  factorsResponse,
  LAST_FACTOR_MESSAGE,
  MAX_PASSKEYS,
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_NOT_ADDED,
  PASSKEY_NOT_FOUND,
  passkeyDto,
  PENDING_SIGN_IN_ATTEMPTS,
  PENDING_SIGN_IN_MINUTES,
  recoveryCodesResponse,
  secondFactorCodeBody,
  SET_UP_SECOND_FACTOR_FIRST,
  SIGN_IN_STEP_EXPIRED,
  webauthnResponseBody,
  WRONG_CODE,
} from '../../shared/schemas/second-factor';
import { loginResponse } from '../../shared/schemas/users';
import { HttpError } from '../http-error';
import { actor, deviceCookieName, requireUser, setDeviceCookie, setSessionCookie } from '../plugins/auth';
import { deviceLabel } from '../services/auth/device-label';
import { openLogin } from '../services/auth/login';
import { deleteSession } from '../services/auth/session-user';
import { findTrustedDevice, TRUSTED_DEVICE_DAYS } from '../services/auth/trusted-devices';
import {
  beginAuthenticator,
  closePendingSignIn,
  confirmAuthenticator,
  countWrongCode,
  deleteRecoveryCodes,
  findPendingSignIn,
  hasSecondFactor,
  listFactors,
  newRecoveryCodes,
  removeAuthenticator,
  useAuthenticatorCode,
  useRecoveryCode,
} from '../services/second-factor/factors';
import { addPasskey, CHALLENGE_MINUTES, passkeyRegistrationOptions, passkeySignInOptions, removePasskey, verifyPasskeySignIn, type RelyingParty } from '../services/second-factor/passkeys';
import { SecretBox } from '../services/second-factor/secret-box';
import type { users } from '../db/schema';

/*
 * Issue 34, second factors (docs/product-rules.md "Second factors", decision 030): the sign-in's second step (a code
 * or a passkey), signing in with a passkey alone, and the account's own factors (/api/me/factors).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable by a staff member who must first add a second factor (STAFF_TWO_STEP=required): the set-up itself. */
    duringSecondFactorSetUp?: boolean;
  }
}

/** Passkey sign-ins (options and answers) one address may make per minute. */
export const PASSKEY_SIGN_INS_PER_MINUTE = 30;

export const pendingCookieName = (env: { secureCookies: boolean }) => (env.secureCookies ? '__Host-nb_pending' : 'nb_pending');
const challengeCookieName = (env: { secureCookies: boolean }) => (env.secureCookies ? '__Host-nb_webauthn' : 'nb_webauthn');

/** The short-lived cookies of a sign-in step and of a WebAuthn ceremony: HttpOnly, SameSite=Strict. */
function shortCookie(request: FastifyRequest, reply: FastifyReply, name: string, token: string, minutes: number): void {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.server.env.secureCookies || request.protocol === 'https',
    maxAge: minutes * 60,
  });
}
/** The cookie of a sign-in halfway (POST /api/auth/login for staff with a factor): PENDING_SIGN_IN_MINUTES. */
export function setPendingSignInCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  shortCookie(request, reply, pendingCookieName(request.server.env), token, PENDING_SIGN_IN_MINUTES);
}

function clearShortCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.server.env.secureCookies || request.protocol === 'https' });
}

/** The passkeys' site: the request's own origin and host (behind TRUST_PROXY, the address the browser used). */
function relyingParty(request: FastifyRequest): RelyingParty {
  return { rpID: request.hostname, origin: `${request.protocol}://${request.host}`, rpName: request.server.env.BUSINESS_NAME };
}

/** Whether the account must keep a factor: staff under STAFF_TWO_STEP=required. */
const mustKeepFactor = (app: FastifyInstance, role: string) => app.env.STAFF_TWO_STEP === 'required' && isStaffRole(role);

/**
 * Turns a sign-in whose second step passed into a session, as a password sign-in does (login.ts: the trusted
 * device, the cookie); the session the browser came with ends.
 */
async function finishSignIn(request: FastifyRequest, reply: FastifyReply, user: typeof users.$inferSelect, pendingHash: string | null) {
  const app = request.server;
  const input = {
    email: user.email,
    password: '',
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceToken: request.cookies[deviceCookieName(app.env)],
    sessionTtlDays: app.env.SESSION_TTL_DAYS,
    now: app.clock(),
  };
  const trustedDevice = await findTrustedDevice(app.db, { token: input.deviceToken, email: user.email.toLowerCase(), now: input.now });
  const result = await request.unitOfWork(async (tx) => {
    if (pendingHash) await closePendingSignIn(tx, pendingHash);
    const signedIn = await openLogin(tx, { user, trustedDevice }, input);
    if (request.sessionToken) await deleteSession(tx, request.sessionToken);
    return signedIn;
  });
  clearShortCookie(request, reply, pendingCookieName(app.env));
  setSessionCookie(request, reply, result.token, result.expiresAt);
  setDeviceCookie(request, reply, result.device.token, TRUSTED_DEVICE_DAYS);
  return { user: result.user };
}

export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const box = SecretBox.fromEnv(app.env);
  const pendingOf = (request: FastifyRequest) => request.cookies[pendingCookieName(app.env)];

  // --- The sign-in's second step, and a passkey alone ----------------------------------------------------------

  app.post('/api/auth/second-factor', { schema: { body: secondFactorCodeBody, response: { 200: loginResponse } } }, async (request, reply) => {
    const now = app.clock();
    const code = request.body.code;
    const outcome = await request.unitOfWork(async (tx) => {
      const pending = await findPendingSignIn(tx, { token: pendingOf(request), now, maxAttempts: PENDING_SIGN_IN_ATTEMPTS });
      if (!pending) return { expired: true as const };
      const passed =
        code.length === 6
          ? await useAuthenticatorCode(tx, { userId: pending.userId, code, now, box })
          : await useRecoveryCode(tx, { userId: pending.userId, code, now });
      // A wrong code is counted (and the fifth ends the step) in this committed unit of work; the refusal follows it.
      if (!passed) await countWrongCode(tx, { tokenHash: pending.tokenHash, maxAttempts: PENDING_SIGN_IN_ATTEMPTS });
      return { passed, pending };
    });
    if ('expired' in outcome) {
      clearShortCookie(request, reply, pendingCookieName(app.env));
      throw new HttpError(401, SIGN_IN_STEP_EXPIRED, { code: 'SECOND_FACTOR_EXPIRED' });
    }
    if (!outcome.passed) throw new HttpError(401, WRONG_CODE, { code: 'SECOND_FACTOR_INVALID' });
    const user = await app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, outcome.pending.userId) });
    if (!user || !user.isActive || user.deletedAt) throw new HttpError(401, SIGN_IN_STEP_EXPIRED, { code: 'SECOND_FACTOR_EXPIRED' });
    return finishSignIn(request, reply, user, outcome.pending.tokenHash);
  });

  // Signing in with a passkey needs no account: each address may start or finish PASSKEY_SIGN_INS_PER_MINUTE a minute
  // (a flood of challenges would otherwise fill a table), in a scope of its own so the limit applies to these alone.
  const passkeySignIn: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(rateLimit, {
      max: PASSKEY_SIGN_INS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `passkey:${request.ip}`,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many passkey sign-ins from this address. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`), { statusCode: 429 }),
    });
    scope.post('/api/auth/passkey/options', { schema: { response: { 200: z.object({ options: z.record(z.string(), z.unknown()) }) } } }, async (request, reply) => {
      const now = app.clock();
      const { options, token } = await request.unitOfWork(async (tx) => {
        // At a second step the browser is asked for the account's own passkeys; otherwise for any of this site's.
        const pending = await findPendingSignIn(tx, { token: pendingOf(request), now, maxAttempts: PENDING_SIGN_IN_ATTEMPTS });
        return passkeySignInOptions(tx, { rp: relyingParty(request), userId: pending?.userId ?? null, now });
      });
      shortCookie(request, reply, challengeCookieName(app.env), token, CHALLENGE_MINUTES);
      return { options: options as unknown as Record<string, unknown> };
    });

      scope.post('/api/auth/passkey/verify', { schema: { body: webauthnResponseBody, response: { 200: loginResponse } } }, async (request, reply) => {
      const now = app.clock();
      const token = request.cookies[challengeCookieName(app.env)];
      clearShortCookie(request, reply, challengeCookieName(app.env));
      const outcome = await request.unitOfWork(async (tx) => {
        const pending = await findPendingSignIn(tx, { token: pendingOf(request), now, maxAttempts: PENDING_SIGN_IN_ATTEMPTS });
        const user = await verifyPasskeySignIn(tx, {
          token,
          response: request.body.response as unknown as AuthenticationResponseJSON,
          rp: relyingParty(request),
          now,
          onlyUserId: pending?.userId ?? null,
        });
        return { user, pendingHash: pending?.tokenHash ?? null };
      });
      if (!outcome.user) throw new HttpError(401, PASSKEY_NOT_ACCEPTED, { code: 'PASSKEY_REFUSED' });
      return finishSignIn(request, reply, outcome.user, outcome.pendingHash);
    });
  };
  await app.register(passkeySignIn);

  // --- The account's own factors ---------------------------------------------------------------------------------

  const setUp = { onRequest: requireUser, config: { duringSecondFactorSetUp: true } };

  app.get('/api/me/factors', { ...setUp, schema: { response: { 200: factorsResponse } } }, (request) => {
    const me = actor(request);
    return listFactors(app.db, { userId: me.id, required: mustKeepFactor(app, me.role) });
  });

  app.post('/api/me/factors/authenticator', { ...setUp, schema: { response: { 200: authenticatorSetUpResponse } } }, async (request) => {
    if (!box) throw new HttpError(503, AUTHENTICATOR_UNAVAILABLE, { code: 'AUTHENTICATOR_UNAVAILABLE' });
    const me = actor(request);
    const begun = await request.unitOfWork((tx) => beginAuthenticator(tx, { userId: me.id, label: me.email, issuer: app.env.BUSINESS_NAME, box }));
    if (!begun) throw new HttpError(409, 'The authenticator app is on already: turn it off first to set up another.');
    return begun;
  });

  app.post(
    '/api/me/factors/authenticator/confirm',
    { ...setUp, schema: { body: confirmAuthenticatorBody, response: { 200: recoveryCodesResponse } } },
    async (request) => {
      if (!box) throw new HttpError(503, AUTHENTICATOR_UNAVAILABLE, { code: 'AUTHENTICATOR_UNAVAILABLE' });
      const me = actor(request);
      const codes = await request.unitOfWork((tx) => confirmAuthenticator(tx, { userId: me.id, code: request.body.code, now: app.clock(), box }));
      if (!codes) throw new HttpError(400, 'That code is not right. Type the 6 digits your app shows now, or start again.', { code: 'SECOND_FACTOR_INVALID' });
      return { recoveryCodes: codes };
    },
  );

  /** Refuses removing the last factor of staff who must keep one. */
  const assertNotLast = async (request: FastifyRequest, removing: 'authenticator' | 'passkey') => {
    const me = actor(request);
    if (!mustKeepFactor(app, me.role)) return;
    const factors = await listFactors(app.db, { userId: me.id, required: true });
    const left = (removing === 'authenticator' ? 0 : Number(factors.authenticator)) + factors.passkeys.length - (removing === 'passkey' ? 1 : 0);
    if (left < 1) throw new HttpError(409, LAST_FACTOR_MESSAGE, { code: 'LAST_SECOND_FACTOR' });
  };

  app.delete('/api/me/factors/authenticator', { onRequest: requireUser, schema: { response: { 200: okResponse } } }, async (request) => {
    await assertNotLast(request, 'authenticator');
    const me = actor(request);
    await request.unitOfWork(async (tx) => {
      await removeAuthenticator(tx, me.id);
      // Recovery codes belong to the codes' way in: without an app and without a passkey they go too.
      if (!(await hasSecondFactor(tx, me.id))) await deleteRecoveryCodes(tx, me.id);
    });
    return { ok: true as const };
  });

  app.post('/api/me/factors/recovery-codes', { onRequest: requireUser, schema: { response: { 200: recoveryCodesResponse } } }, async (request) => {
    const me = actor(request);
    const codes = await request.unitOfWork(async (tx) => ((await hasSecondFactor(tx, me.id)) ? newRecoveryCodes(tx, me.id) : null));
    if (!codes) throw new HttpError(409, 'Add a passkey or an authenticator app first: recovery codes stand in for them.');
    return { recoveryCodes: codes };
  });

  app.post('/api/me/factors/passkeys/options', { ...setUp, schema: { response: { 200: z.object({ options: z.record(z.string(), z.unknown()) }) } } }, async (request, reply) => {
    const me = actor(request);
    const made = await request.unitOfWork((tx) => passkeyRegistrationOptions(tx, { user: me, rp: relyingParty(request), now: app.clock() }));
    if ('tooMany' in made) throw new HttpError(409, `An account keeps at most ${MAX_PASSKEYS} passkeys: remove one first.`);
    shortCookie(request, reply, challengeCookieName(app.env), made.token, CHALLENGE_MINUTES);
    return { options: made.options as unknown as Record<string, unknown> };
  });

  app.post('/api/me/factors/passkeys', { ...setUp, schema: { body: addPasskeyBody, response: { 201: passkeyDto } } }, async (request, reply) => {
    const me = actor(request);
    const token = request.cookies[challengeCookieName(app.env)];
    clearShortCookie(request, reply, challengeCookieName(app.env));
    const added = await request.unitOfWork((tx) =>
      addPasskey(tx, {
        userId: me.id,
        token,
        response: request.body.response as unknown as RegistrationResponseJSON,
        name: request.body.name || deviceLabel(request.headers['user-agent']),
        rp: relyingParty(request),
        now: app.clock(),
      }),
    );
    if (!added) throw new HttpError(400, PASSKEY_NOT_ADDED, { code: 'PASSKEY_REFUSED' });
    return reply.status(201).send(added);
  });

  app.delete('/api/me/factors/passkeys/:id', { onRequest: requireUser, schema: { params: idParams, response: { 200: okResponse } } }, async (request) => {
    const me = actor(request);
    const factors = await listFactors(app.db, { userId: me.id, required: false });
    if (!factors.passkeys.some((key) => key.id === request.params.id)) throw new HttpError(404, PASSKEY_NOT_FOUND);
    await assertNotLast(request, 'passkey');
    await request.unitOfWork((tx) => removePasskey(tx, { userId: me.id, id: request.params.id }));
    return { ok: true as const };
  });
};

/**
 * The set-up comes first (STAFF_TWO_STEP=required): a staff member without a factor reaches only the set-up routes,
 * their own account's answer and signing out until they add one. An app-wide hook, registered after the sign-in's.
 */
export function registerSecondFactorSetUpGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const user = request.user;
    if (!user || !mustKeepFactor(app, user.role)) return;
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || request.routeOptions.config.duringSecondFactorSetUp) return;
    if (url === '/api/me' || url === '/api/auth/logout' || url.startsWith('/api/health')) return;
    if (await hasSecondFactor(app.db, user.id)) return;
    throw new HttpError(403, SET_UP_SECOND_FACTOR_FIRST, { code: 'SECOND_FACTOR_SET_UP_REQUIRED' });
  });
}
