import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody, loginBody } from '../../shared/schemas/auth';
import { messageResponse, okResponse } from '../../shared/schemas/common';
import { currentUserDto, loginResponse } from '../../shared/schemas/users';
import { startOfTorontoWeek } from '../../shared/rules/week';
import { cachedJson } from '../cache/cached-json';
import { topics } from '../cache/read-caches';
import { actor, clearSessionCookie, deviceCookieName, requireUser, setDeviceCookie, setSessionCookie } from '../plugins/auth';
import { changeOwnPassword } from '../services/auth/change-own-password';
import { login } from '../services/auth/login';
import { TRUSTED_DEVICE_DAYS } from '../services/auth/trusted-devices';
import { deleteSession } from '../services/auth/session-user';
import { toCurrentUser } from '../services/users/current-user';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/auth/login', { schema: { body: loginBody, response: { 200: loginResponse } } }, async (request, reply) => {
    const result = await login(app.db, {
      email: request.body.email,
      password: request.body.password,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      deviceToken: request.cookies[deviceCookieName(app.env)],
      sessionTtlDays: app.env.SESSION_TTL_DAYS,
      now: app.clock(),
    });
    // The session the client came with ends only once the new one exists: a failed attempt signs no one out.
    if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
    setSessionCookie(request, reply, result.token, result.expiresAt);
    setDeviceCookie(request, reply, result.device.token, TRUSTED_DEVICE_DAYS);
    return { user: result.user };
  });

  app.post('/api/auth/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
    clearSessionCookie(request, reply);
    return { ok: true as const };
  });

  app.get('/api/me', { onRequest: requireUser, schema: { response: { 200: currentUserDto } } }, (request, reply) => {
    const user = actor(request);
    const now = app.clock();
    // This week's usage is part of the answer: one entry per account and Toronto week.
    const view = { key: `me|${user.id}|${startOfTorontoWeek(now).toISOString()}`, tags: [topics.user(user.id), topics.bookings] };
    return cachedJson(request, reply, view, currentUserDto, () => toCurrentUser(app.db, user, now));
  });

  app.post(
    '/api/me/change-password',
    { onRequest: requireUser, schema: { body: changePasswordBody, response: { 200: messageResponse } } },
    async (request) => {
      await changeOwnPassword(app.db, {
        userId: actor(request).id,
        currentToken: request.sessionToken ?? '',
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        now: app.clock(),
      });
      return { message: 'Password changed successfully' };
    },
  );
};
