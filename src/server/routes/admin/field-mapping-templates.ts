import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import {
  previewBody,
  previewResponse,
  templateBody,
  templateDto,
  templateListResponse,
} from '../../../shared/schemas/field-mapping-templates';
import { actor } from '../../plugins/auth';
import { createTemplate } from '../../services/field-mapping-templates/create-template';
import { deleteTemplate } from '../../services/field-mapping-templates/delete-template';
import { getTemplate } from '../../services/field-mapping-templates/get-template';
import { listTemplates } from '../../services/field-mapping-templates/list-templates';
import { previewMapping } from '../../services/field-mapping-templates/preview-mapping';
import { updateTemplate } from '../../services/field-mapping-templates/update-template';

/** Spec 2 and 7, mapping tab: field-mapping templates CRUD and the preview call. */
export const adminFieldMappingTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/field-mapping-templates', { schema: { response: { 200: templateListResponse } } }, () => listTemplates(app.db));

  app.get('/field-mapping-templates/:id', { schema: { params: idParams, response: { 200: templateDto } } }, (request) =>
    getTemplate(app.db, { templateId: request.params.id }),
  );

  app.post('/field-mapping-templates', { schema: { body: templateBody, response: { 201: templateDto } } }, async (request, reply) => {
    const dto = await createTemplate(app.db, { form: request.body, actorId: actor(request).id, now: app.clock() });
    return reply.status(201).send(dto);
  });

  app.put('/field-mapping-templates/:id', { schema: { params: idParams, body: templateBody, response: { 200: templateDto } } }, (request) =>
    updateTemplate(app.db, { templateId: request.params.id, form: request.body, now: app.clock() }),
  );

  app.delete('/field-mapping-templates/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, (request) =>
    deleteTemplate(app.db, { templateId: request.params.id }),
  );

  // Nothing is saved: the sample is mapped with the rules exactly as the webhook receiver would map a delivery.
  app.post('/field-mapping-templates/preview', { schema: { body: previewBody, response: { 200: previewResponse } } }, (request) =>
    previewMapping(request.body),
  );
};
