import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSessionsResponse, signOutOthersResponse } from '../../shared/schemas/account-sessions';
import { idParams, messageResponse } from '../../shared/schemas/common';
import { preferencesBody, preferencesResponse } from '../../shared/schemas/waitlist';
import { HttpError } from '../http-error';
import { actor, clearSessionCookie, requireUser } from '../plugins/auth';
import { listOwnSessions } from '../services/auth/list-own-sessions';
import { signOutOtherSessions, signOutSession } from '../services/auth/sign-out-sessions';
import { SIGNED_OUT_MESSAGE } from '../services/auth/session-user';
import { updatePreferences } from '../services/users/update-preferences';

/** The id of the session making the request (set together with the user by the auth plugin). */
function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return request.sessionId;
}

/** The signed-in user's own account: active sessions (issue 11), preferences (issue 21). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const idleLimits = { parentMinutes: app.env.SESSION_IDLE_MINUTES, adminMinutes: app.env.ADMIN_SESSION_IDLE_MINUTES };

  app.get('/api/me/sessions', { onRequest: requireUser, schema: { response: { 200: accountSessionsResponse } } }, async (request) => {
    const user = actor(request);
    const sessions = await listOwnSessions(app.db, {
      userId: user.id,
      role: user.role,
      currentSessionId: request.sessionId,
      now: app.clock(),
      idleLimits,
    });
    return { sessions };
  });

  app.post(
    '/api/me/sessions/sign-out-others',
    { onRequest: requireUser, schema: { response: { 200: signOutOthersResponse } } },
    async (request) => {
      const input = { userId: actor(request).id, currentSessionId: currentSessionId(request) };
      return { signedOut: await request.unitOfWork((tx) => signOutOtherSessions(tx, input)) };
    },
  );

  // The user menu's switches (issue 21): booking reminders on or off. GET /api/me answers them (bookingReminders).
  app.patch(
    '/api/me/preferences',
    { onRequest: requireUser, schema: { body: preferencesBody, response: { 200: preferencesResponse } } },
    async (request) => {
      const input = { userId: actor(request).id, preferences: request.body, now: app.clock() };
      return request.unitOfWork((tx) => updatePreferences(tx, input));
    },
  );

  app.delete(
    '/api/me/sessions/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: messageResponse } } },
    async (request, reply) => {
      const userId = actor(request).id;
      await request.unitOfWork((tx) => signOutSession(tx, { userId, sessionId: request.params.id }));
      // Ending this device's own session is a sign-out: the cookie goes too.
      if (request.params.id.toLowerCase() === request.sessionId) clearSessionCookie(request, reply);
      return { message: 'Signed out' };
    },
  );
};
