import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Spec 2 and 7, mapping tab: field-mapping templates CRUD and the preview call. */
export const adminFieldMappingTemplateRoutes: FastifyPluginAsyncZod = async () => {};
