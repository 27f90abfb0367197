import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPasswordBody, setPasswordLinkResponse } from '../../shared/schemas/admin-users';
import { loginResponse } from '../../shared/schemas/users';
import { errorResponse } from '../../shared/schemas/common';
import { setSessionCookie } from '../plugins/auth';
import { deleteSession } from '../services/auth/session-user';
import { checkSetPasswordLink, linkGone } from '../services/users/check-set-password-link';
import { setPasswordWithLink } from '../services/users/set-password-with-link';

/** Any token that is missing or malformed is answered like an unknown one: 410, never a 400 about its shape. */
const linkQuery = z.object({ token: z.string().max(500).optional() });

/**
 * The set-password page (/reset-password?token=…), reachable without a session: who the link is for, and
 * choosing the password, which signs the family in exactly like the login does.
 */
export const setPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/set-password',
    { schema: { querystring: linkQuery, response: { 200: setPasswordLinkResponse, 410: errorResponse } } },
    async (request) => {
      const token = request.query.token?.trim();
      if (!token) throw linkGone();
      return checkSetPasswordLink(app.db, { token, now: app.clock() });
    },
  );

  app.post('/api/auth/set-password', { schema: { body: setPasswordBody, response: { 200: loginResponse } } }, async (request, reply) => {
    const result = await request.unitOfWork(async (tx) => {
      const signedIn = await setPasswordWithLink(tx, {
        token: request.body.token,
        newPassword: request.body.newPassword,
        now: app.clock(),
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sessionTtlDays: app.env.SESSION_TTL_DAYS,
      });
      // Whoever was signed in on this browser before is signed out, as at login.
      if (request.sessionToken) await deleteSession(tx, request.sessionToken);
      return signedIn;
    });
    setSessionCookie(request, reply, result.token, result.expiresAt);
    return { user: result.user };
  });
};
