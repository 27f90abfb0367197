import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody, loginBody } from '../../shared/schemas/auth';
import { messageResponse, okResponse } from '../../shared/schemas/common';
import { currentUserDto, loginResponse } from '../../shared/schemas/users';
import { startOfTorontoWeek } from '../../shared/rules/week';
import { isStaffRole } from '../../shared/rules/roles';
import { PENDING_SIGN_IN_MINUTES } from '../../shared/schemas/second-factor';
import { hasSecondFactor, openPendingSignIn, secondFactorMethods } from '../services/second-factor/factors';
import { setPendingSignInCookie } from './second-factor';
import { topics } from '../cache/read-caches';
import { actor, clearSessionCookie, deviceCookieName, requireUser, setDeviceCookie, setSessionCookie } from '../plugins/auth';
import { changeOwnPassword, checkOwnPasswordChange } from '../services/auth/change-own-password';
import { checkCredentials, openLogin } from '../services/auth/login';
import { TRUSTED_DEVICE_DAYS } from '../services/auth/trusted-devices';
import { deleteSession } from '../services/auth/session-user';
import { toCurrentUser } from '../services/users/current-user';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/auth/login', { schema: { body: loginBody, response: { 200: loginResponse } } }, async (request, reply) => {
    const input = {
      email: request.body.email,
      password: request.body.password,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      deviceToken: request.cookies[deviceCookieName(app.env)],
      sessionTtlDays: app.env.SESSION_TTL_DAYS,
      now: app.clock(),
    };
    // Checked before the unit of work opens: the sign-in throttle commits its counters on its own, so that a
    // refused or failed attempt stays counted (services/auth/login-throttle.ts).
    const verified = await checkCredentials(app.db, input);
    // Issue 34: staff with a passkey or an authenticator app finish with it (POST /api/auth/second-factor or a
    // passkey); until then there is no session, only a pending sign-in in a 5-minute cookie.
    if (isStaffRole(verified.user.role) && (await hasSecondFactor(app.db, verified.user.id))) {
      const methods = await secondFactorMethods(app.db, verified.user.id);
      const pending = await request.unitOfWork((tx) => openPendingSignIn(tx, { userId: verified.user.id, now: input.now, minutes: PENDING_SIGN_IN_MINUTES }));
      setPendingSignInCookie(request, reply, pending.token);
      return { next: 'second-factor' as const, methods };
    }
    const result = await request.unitOfWork(async (tx) => {
      const signedIn = await openLogin(tx, verified, input);
      // The session the client came with ends only with the new one: a failed attempt signs no one out.
      if (request.sessionToken) await deleteSession(tx, request.sessionToken);
      return signedIn;
    });
    setSessionCookie(request, reply, result.token, result.expiresAt);
    setDeviceCookie(request, reply, result.device.token, TRUSTED_DEVICE_DAYS);
    return { user: result.user };
  });

  app.post('/api/auth/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    const token = request.sessionToken;
    if (token) await request.unitOfWork((tx) => deleteSession(tx, token));
    clearSessionCookie(request, reply);
    return { ok: true as const };
  });

  app.get(
    '/api/me',
    {
      onRequest: requireUser,
      schema: { response: { 200: currentUserDto } },
      config: {
        // This week's usage is part of the answer: one entry per account and Toronto week.
        cachedRead: (request) => {
          const { id: userId, familyId } = actor(request);
          const tags = [topics.user(userId), topics.bookings, ...(familyId ? [topics.family(familyId)] : [])];
          return { key: `me|${userId}|${startOfTorontoWeek(app.clock()).toISOString()}`, tags };
        },
      },
    },
    (request) => toCurrentUser(app.db, actor(request), app.clock()),
  );

  app.post(
    '/api/me/change-password',
    { onRequest: requireUser, schema: { body: changePasswordBody, response: { 200: messageResponse } } },
    async (request) => {
      const userId = actor(request).id;
      const now = app.clock();
      // Checked (and the new password hashed) before the unit of work opens: each check of the current password
      // is counted on the sign-in throttle, which commits on its own (services/auth/login-throttle.ts).
      const passwordHash = await checkOwnPasswordChange(app.db, {
        userId,
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        now,
      });
      await request.unitOfWork((tx) => changeOwnPassword(tx, { userId, currentToken: request.sessionToken ?? '', passwordHash, now }));
      return { message: 'Password changed successfully' };
    },
  );
};
