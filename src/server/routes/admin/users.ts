import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminChangePasswordBody,
  adminUserDto,
  createUserBody,
  deleteUserQuery,
  familyBookingsQuery,
  familyDetailResponse,
  listUsersQuery,
  updateUserBody,
  usersListResponse,
} from '../../../shared/schemas/admin-users';
import { slotsToChildren } from '../../../shared/schemas/children';
import { adminBookingListResponse, childStatsQuery, childStatsResponse } from '../../../shared/schemas/bookings';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import { fullName } from '../../../shared/rules/format';
import { RESET_SUPER_ADMIN_ONLY } from '../../../shared/schemas/second-factor';
import { HttpError, idOr404 } from '../../http-error';
import { actor } from '../../plugins/auth';
import { resetFactors } from '../../services/second-factor/factors';
import { loadAdminUserDto } from '../../services/users/admin-user-dto';
import { changeUserPassword } from '../../services/users/change-user-password';
import { createUser } from '../../services/users/create-user';
import { getChildStats } from '../../services/bookings/get-child-stats';
import { deleteUser } from '../../services/users/delete-user';
import { getFamily, listFamilyBookings, liveUser } from '../../services/users/get-family';
import { issueSetPasswordLink } from '../../services/users/issue-set-password-link';
import { listUsers } from '../../services/users/list-users';
import { updateUser } from '../../services/users/update-user';

/**
 * Spec 2 and 7, the admin users tab: list and search, create, edit, delete, passwords and set-password links.
 * Every change runs in the request's unit of work, which also sends the queued welcome and link e-mails
 * after the commit.
 */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The trusted values of the signed-in administrator, passed explicitly to the services. */
  const who = (request: Parameters<typeof actor>[0]) => {
    const { id, role } = actor(request);
    return { id, role };
  };

  app.get('/users', { schema: { querystring: listUsersQuery, response: { 200: usersListResponse } } }, (request) => {
    const { page, limit, search } = request.query;
    return listUsers(app.db, { page, limit, search, now: app.clock() });
  });

  // The family page (issue 19): the account with its children's weekly use and the office's actions, its bookings,
  // and its children's use of any week (the office's booking dialog).
  app.get('/users/:id', { schema: { params: idParams, response: { 200: familyDetailResponse } } }, (request) =>
    getFamily(app.db, request.params.id, app.clock(), app.env.WAITLIST_CUTOFF_HOURS),
  );

  app.get('/users/:id/bookings', { schema: { params: idParams, querystring: familyBookingsQuery, response: { 200: adminBookingListResponse } } }, (request) => {
    const { from, to } = request.query;
    return listFamilyBookings(app.db, { userId: request.params.id, from, to, now: app.clock() });
  });

  app.get('/users/:id/child-stats', { schema: { params: idParams, querystring: childStatsQuery, response: { 200: childStatsResponse } } }, async (request) => {
    const user = await liveUser(app.db, request.params.id);
    return getChildStats(app.db, user.familyId, request.query.week, app.clock());
  });

  app.post('/users', { schema: { body: createUserBody, response: { 201: adminUserDto } } }, async (request, reply) => {
    const dto = await request.unitOfWork(async (tx) => {
      const user = await createUser(tx, { form: request.body, children: slotsToChildren(request.body), email: app.emailContext, now: app.clock() });
      return loadAdminUserDto(tx, user);
    });
    return reply.status(201).send(dto);
  });

  app.patch('/users/:id', { schema: { params: idParams, body: updateUserBody, response: { 200: adminUserDto } } }, (request) =>
    request.unitOfWork(async (tx) => {
      const user = await updateUser(tx, { userId: request.params.id, changes: request.body, children: slotsToChildren(request.body), actor: who(request), now: app.clock() });
      return loadAdminUserDto(tx, user);
    }),
  );

  app.delete('/users/:id', { schema: { params: idParams, querystring: deleteUserQuery, response: { 200: messageResponse } } }, (request) =>
    request.unitOfWork((tx) =>
      deleteUser(tx, {
        userId: request.params.id,
        actor: { ...who(request), name: fullName(actor(request)) },
        now: app.clock(),
        cancelUpcomingBookings: request.query.cancelUpcomingBookings === 'true',
        email: app.emailContext,
        waitlistCutoffHours: app.env.WAITLIST_CUTOFF_HOURS,
      }),
    ),
  );

  app.put(
    '/users/:id/change-password',
    { schema: { params: idParams, body: adminChangePasswordBody, response: { 200: messageResponse } } },
    (request) =>
      request.unitOfWork((tx) => changeUserPassword(tx, { userId: request.params.id, newPassword: request.body.newPassword, now: app.clock() })),
  );

  // Issue 34: someone who lost every factor; a SUPER_ADMIN only, never their own (that is the create-admin command).
  app.post(
    '/users/:id/reset-second-factors',
    {
      onRequest: async (request) => {
        if (actor(request).role !== 'SUPER_ADMIN') throw new HttpError(403, RESET_SUPER_ADMIN_ONLY);
      },
      schema: { params: idParams, response: { 200: messageResponse } },
    },
    async (request) => {
      const me = actor(request);
      const userId = idOr404(request.params.id, 'User not found');
      if (userId === me.id) throw new HttpError(409, 'Your own factors are reset on the server: npm run create-admin (see the README).');
      const found = await request.unitOfWork(async (tx) => {
        const user = await liveUser(tx, userId);
        if (!user) return null;
        await resetFactors(tx, userId);
        return user;
      });
      if (!found) throw new HttpError(404, 'User not found');
      return { message: `${fullName(found)} signs in with the password alone until they add a passkey or an authenticator app again.` };
    },
  );

  app.post('/users/:id/set-password-link', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) =>
    request.unitOfWork((tx) =>
      issueSetPasswordLink(tx, { userId: request.params.id, actor: who(request), email: app.emailContext, now: app.clock() }),
    ),
  );
};
