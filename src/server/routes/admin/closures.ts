import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fullName } from '../../../shared/rules/format';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import { adminClosureListResponse, closureCounts, closureDaysQuery, createClosureBody, createClosureResponse } from '../../../shared/schemas/closures';
import { z } from 'zod';
import { idOr404 } from '../../http-error';
import { actor } from '../../plugins/auth';
import { closeDays, previewClosure } from '../../services/closures/close-days';
import { CLOSURE_NOT_FOUND, listAllClosures, reopenClosure } from '../../services/closures/list-closures';

/**
 * Issue 32, closures: the office closes Toronto days (every session of them cancelled, one e-mail per family, credits
 * by the policy: one unit of work), lists the closures, previews what closing would touch, and reopens days.
 */
export const adminClosureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/closures', { schema: { response: { 200: adminClosureListResponse } } }, () => listAllClosures(app.db));

  app.get(
    '/closures/preview',
    { schema: { querystring: closureDaysQuery, response: { 200: closureCounts.extend({ overlaps: z.string().nullable() }) } } },
    (request) => previewClosure(app.db, request.query, app.clock()),
  );

  app.post('/closures', { schema: { body: createClosureBody, response: { 201: createClosureResponse } } }, async (request, reply) => {
    const who = actor(request);
    const result = await request.unitOfWork((tx) =>
      closeDays(tx, { body: request.body, actor: { id: who.id, name: fullName(who) }, email: app.emailContext, now: app.clock() }),
    );
    return reply.status(201).send(result);
  });

  app.delete('/closures/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) => {
    const id = idOr404(request.params.id, CLOSURE_NOT_FOUND);
    return request.unitOfWork((tx) => reopenClosure(tx, id));
  });
};
