import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The CRM webhook receiver: POST /api/webhooks/:endpoint (no session, signed with the configuration's secret). */
export const webhookReceiverRoutes: FastifyPluginAsyncZod = async () => {};
