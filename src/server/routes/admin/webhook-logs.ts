import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Spec 2 and 7, logs tab: list, detail, clean old, latest payload (/api/admin/webhook-logs). */
export const adminWebhookLogRoutes: FastifyPluginAsyncZod = async () => {};
