import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/schemas/common';
import {
  cleanWebhookLogsBody,
  cleanWebhookLogsResponse,
  latestPayloadQuery,
  latestPayloadResponse,
  NO_RECENT_PAYLOAD,
  webhookLogDetail,
  webhookLogListQuery,
  webhookLogListResponse,
} from '../../../shared/schemas/webhooks';
import { HttpError, idOr404 } from '../../http-error';
import { cleanWebhookLogs } from '../../services/webhook-logs/clean-webhook-logs';
import { findLatestPayload } from '../../services/webhook-logs/find-latest-payload';
import { getWebhookLog } from '../../services/webhook-logs/get-webhook-log';
import { listWebhookLogs } from '../../services/webhook-logs/list-webhook-logs';
import { WEBHOOK_LOG_NOT_FOUND } from '../../services/webhook-logs/webhook-log-dto';

/** Spec 2 and 7, logs tab: list, detail, clean old, latest payload (/api/admin/webhook-logs). */
export const adminWebhookLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/webhook-logs', { schema: { querystring: webhookLogListQuery, response: { 200: webhookLogListResponse } } }, (request) =>
    listWebhookLogs(app.db, { webhookId: request.query.webhookId, limit: request.query.limit }),
  );

  // Registered before /webhook-logs/:id; Fastify prefers the static segment anyway.
  app.get('/webhook-logs/latest-payload', { schema: { querystring: latestPayloadQuery, response: { 200: latestPayloadResponse } } }, async (request) => {
    const { webhookId } = request.query;
    const latest = await findLatestPayload(app.db, { webhookIds: webhookId ? [webhookId] : undefined });
    if (!latest) throw new HttpError(404, NO_RECENT_PAYLOAD);
    return latest;
  });

  app.get('/webhook-logs/:id', { schema: { params: idParams, response: { 200: webhookLogDetail } } }, (request) =>
    getWebhookLog(app.db, { logId: idOr404(request.params.id, WEBHOOK_LOG_NOT_FOUND) }),
  );

  app.delete('/webhook-logs', { schema: { body: cleanWebhookLogsBody, response: { 200: cleanWebhookLogsResponse } } }, (request) =>
    request.unitOfWork((tx) => cleanWebhookLogs(tx, { olderThanDays: request.body.olderThanDays, now: app.clock() })),
  );
};
