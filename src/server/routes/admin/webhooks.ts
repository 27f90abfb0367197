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
import { createWebhook } from '../../services/webhooks/create-webhook';
import { deleteWebhook } from '../../services/webhooks/delete-webhook';
import { getWebhookSample } from '../../services/webhooks/get-webhook-sample';
import { listWebhooks } from '../../services/webhooks/list-webhooks';
import { updateWebhook } from '../../services/webhooks/update-webhook';

/** Spec 2 and 7, settings tab: webhook configurations CRUD (/api/admin/webhooks) and the sample payload call. */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.env.publicUrl;

  app.get('/webhooks', { schema: { response: { 200: webhookListResponse } } }, () => listWebhooks(app.db, { publicUrl }));

  app.post('/webhooks', { schema: { body: createWebhookBody, response: { 201: savedWebhookResponse } } }, async (request, reply) => {
    const saved = await createWebhook(app.db, { form: request.body, publicUrl, now: app.clock() });
    return reply.status(201).send(saved);
  });

  app.put('/webhooks/:id', { schema: { params: idParams, body: updateWebhookBody, response: { 200: savedWebhookResponse } } }, (request) =>
    updateWebhook(app.db, { webhookId: request.params.id, changes: request.body, publicUrl, now: app.clock() }),
  );

  app.delete('/webhooks/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) =>
    deleteWebhook(app.db, { webhookId: request.params.id }),
  );

  app.get('/webhook-sample', { schema: { querystring: webhookSampleQuery, response: { 200: webhookSampleResponse } } }, (request) =>
    getWebhookSample(app.db, { source: request.query.source }),
  );
};
