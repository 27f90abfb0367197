import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminChangePasswordBody,
  adminUserDto,
  createUserBody,
  listUsersQuery,
  updateUserBody,
  usersListResponse,
} from '../../../shared/schemas/admin-users';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import { actor } from '../../plugins/auth';
import { loadAdminUserDto } from '../../services/users/admin-user-dto';
import { changeUserPassword } from '../../services/users/change-user-password';
import { createUser } from '../../services/users/create-user';
import { deleteUser } from '../../services/users/delete-user';
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
    return listUsers(app.db, { page, limit, search });
  });

  app.post('/users', { schema: { body: createUserBody, response: { 201: adminUserDto } } }, async (request, reply) => {
    const dto = await request.unitOfWork(async (tx) => {
      const user = await createUser(tx, { form: request.body, email: app.emailContext, now: app.clock() });
      return loadAdminUserDto(tx, user);
    });
    return reply.status(201).send(dto);
  });

  app.patch('/users/:id', { schema: { params: idParams, body: updateUserBody, response: { 200: adminUserDto } } }, (request) =>
    request.unitOfWork(async (tx) => {
      const user = await updateUser(tx, { userId: request.params.id, changes: request.body, actor: who(request), now: app.clock() });
      return loadAdminUserDto(tx, user);
    }),
  );

  app.delete('/users/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) =>
    request.unitOfWork((tx) => deleteUser(tx, { userId: request.params.id, actor: who(request), now: app.clock() })),
  );

  app.put(
    '/users/:id/change-password',
    { schema: { params: idParams, body: adminChangePasswordBody, response: { 200: messageResponse } } },
    (request) =>
      request.unitOfWork((tx) => changeUserPassword(tx, { userId: request.params.id, newPassword: request.body.newPassword, now: app.clock() })),
  );

  app.post('/users/:id/set-password-link', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) =>
    request.unitOfWork((tx) =>
      issueSetPasswordLink(tx, { userId: request.params.id, actor: who(request), email: app.emailContext, now: app.clock() }),
    ),
  );
};
