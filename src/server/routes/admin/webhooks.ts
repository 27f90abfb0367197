import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Spec 2 and 7, settings tab: webhook configurations CRUD (/api/admin/webhooks) and the sample payload call. */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async () => {};
