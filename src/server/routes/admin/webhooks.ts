import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import {
  createWebhookBody,
  savedWebhookResponse,
  updateWebhookBody,
  webhookListResponse,
  webhookSampleQuery,
  webhookSampleResponse,
} from '../../../shared/schemas/webhooks';
import { idOr404 } from '../../http-error';
import { createWebhook } from '../../services/webhooks/create-webhook';
import { deleteWebhook } from '../../services/webhooks/delete-webhook';
import { getWebhookSample } from '../../services/webhooks/get-webhook-sample';
import { listWebhooks } from '../../services/webhooks/list-webhooks';
import { updateWebhook } from '../../services/webhooks/update-webhook';
import { WEBHOOK_NOT_FOUND } from '../../services/webhooks/webhook-dto';

/** A malformed configuration id is simply a configuration that does not exist. */
const webhookId = (id: string) => idOr404(id, WEBHOOK_NOT_FOUND);

/** Spec 2 and 7, settings tab: webhook configurations CRUD (/api/admin/webhooks) and the sample payload call. */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.env.publicUrl;

  app.get('/webhooks', { schema: { response: { 200: webhookListResponse } } }, () => listWebhooks(app.db, { publicUrl }));

  app.post('/webhooks', { schema: { body: createWebhookBody, response: { 201: savedWebhookResponse } } }, async (request, reply) => {
    const saved = await request.unitOfWork((tx) => createWebhook(tx, { form: request.body, publicUrl, now: app.clock() }));
    return reply.status(201).send(saved);
  });

  app.put('/webhooks/:id', { schema: { params: idParams, body: updateWebhookBody, response: { 200: savedWebhookResponse } } }, (request) => {
    const id = webhookId(request.params.id);
    return request.unitOfWork((tx) => updateWebhook(tx, { webhookId: id, changes: request.body, publicUrl, now: app.clock() }));
  });

  app.delete('/webhooks/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) => {
    const id = webhookId(request.params.id);
    return request.unitOfWork((tx) => deleteWebhook(tx, { webhookId: id }));
  });

  app.get('/webhook-sample', { schema: { querystring: webhookSampleQuery, response: { 200: webhookSampleResponse } } }, (request) =>
    getWebhookSample(app.db, { source: request.query.source }),
  );
};
