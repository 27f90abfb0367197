import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseEndpoint, WEBHOOK_MAX_BODY_BYTES, WEBHOOK_RECEIVER_PREFIX, webhookDeliveryResponse } from '../../shared/schemas/webhooks';
import { SERVER_TROUBLE } from '../../shared/product';
import { errorBody } from '../http-error';
import { serializeError } from '../logging';
import { findWebhookConfig } from '../services/webhook-delivery/find-webhook-config';
import { applyDelivery, checkDelivery, deliveryApplied, deliveryRefused } from '../services/webhook-delivery/receive-delivery';
import { recordDelivery, type DeliveryOutcome, type DeliveryRequest } from '../services/webhook-delivery/record-delivery';

export const BODY_TOO_LARGE = 'Webhook body exceeds the 1 MB limit';
export const tooManyDeliveries = (seconds: number) =>
  `Too many webhook deliveries from this address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

const endpointParams = z.object({ endpoint: z.string() });

/** What the log keeps of the request (the body only when it was read as bytes). */
function deliveryRequest(request: FastifyRequest, reply: FastifyReply): DeliveryRequest {
  return {
    method: request.method,
    headers: request.headers,
    rawBody: Buffer.isBuffer(request.body) ? request.body : null,
    query: request.query,
    ip: request.ip ?? null,
    elapsedMs: () => reply.elapsedTime,
  };
}

/**
 * The CRM webhook receiver: POST /api/webhooks/:endpoint (no session, signed with the configuration's
 * secret). Encapsulated, so its body handling stays its own: every content type is read as raw bytes (the
 * HMAC covers the exact bytes sent, which re-serialised JSON would not reproduce), limited to 1 MB, and
 * parsed as JSON by the service. Every delivery to a known endpoint is logged, refused ones included,
 * except those over the per-address rate limit (WEBHOOK_RATE_LIMIT_PER_MINUTE, counted in this instance's
 * memory before the body is read): they get 429 with Retry-After and are neither read nor logged.
 */
export const webhookReceiverRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin's routes only: the rest of the API has its own limits (the sign-in throttle).
  await app.register(rateLimit, {
    max: app.env.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(tooManyDeliveries(Math.max(1, Math.ceil(context.ttl / 1000)))), { statusCode: 429 }),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BODY_BYTES }, (_request, body, done) => done(null, body));

  /**
   * Logs a delivery in a unit of work of its own, after the account change's has ended (committed or rolled
   * back), so a refused or failed delivery is logged too. A failing log write is reported in the app log but
   * never changes the CRM's answer.
   */
  const log = async (request: FastifyRequest, record: Parameters<typeof recordDelivery>[1]) => {
    try {
      await request.unitOfWork((tx) => recordDelivery(tx, record));
    } catch (error) {
      request.log.error({ err: serializeError(error) }, 'could not record a webhook delivery');
    }
  };

  // Errors raised before the handler (a body over the limit, a broken Content-Length) are deliveries too:
  // logged when the endpoint is known, answered as `{ message }` like the rest of the API.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: serializeError(error) }, 'unhandled error');
      return reply.status(500).send(errorBody(500, SERVER_TROUBLE, 'INTERNAL_ERROR'));
    }
    // Over the rate limit: answered (Retry-After is already set) without a database write, so a flood costs nothing.
    if (status === 429) return reply.status(429).send(errorBody(429, error.message, 'RATE_LIMITED'));
    const outcome: DeliveryOutcome = {
      status,
      body: error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? errorBody(status, BODY_TOO_LARGE, 'PAYLOAD_TOO_LARGE') : errorBody(status, error.message),
    };
    const rawEndpoint = (request.params as { endpoint?: unknown } | undefined)?.endpoint;
    const endpoint = normaliseEndpoint(typeof rawEndpoint === 'string' ? rawEndpoint : '');
    const config = await findWebhookConfig(app.db, endpoint).catch(() => null);
    if (config) await log(request, { config, endpoint, request: { ...deliveryRequest(request, reply), rawBody: null }, outcome, now: app.clock() });
    return reply.status(status).send(outcome.body);
  });

  app.post(
    `${WEBHOOK_RECEIVER_PREFIX}:endpoint`,
    // Its own 1 MB limit (the family's routes around it take 16 KB, plugins/json-body.ts).
    { bodyLimit: WEBHOOK_MAX_BODY_BYTES, schema: { params: endpointParams, response: { 200: webhookDeliveryResponse, 201: webhookDeliveryResponse } } },
    async (request, reply) => {
      const now = app.clock();
      // Checked and mapped first (reads only), then the account change in the request's own unit of work: the
      // welcome e-mail it may queue goes out once it commits, and a refusal rolls it all back (decision 014).
      const checked = await checkDelivery(app.db, { endpoint: request.params.endpoint, request: deliveryRequest(request, reply), now });
      const { config, endpoint, outcome } =
        'received' in checked
          ? checked.received
          : await request.unitOfWork((tx) => applyDelivery(tx, checked.accepted, app.emailContext)).then(
              (result) => deliveryApplied(checked.accepted, result),
              (error: unknown) => deliveryRefused(checked.accepted, error),
            );
      if (config) await log(request, { config, endpoint, request: deliveryRequest(request, reply), outcome, now });
      return reply.status(outcome.status as 200).send(outcome.body as z.infer<typeof webhookDeliveryResponse>);
    },
  );
};
