import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, messageResponse } from '../../../shared/schemas/common';
import {
  previewBody,
  previewResponse,
  templateBody,
  templateDto,
  templateListResponse,
} from '../../../shared/schemas/field-mapping-templates';
import { idOr404 } from '../../http-error';
import { actor } from '../../plugins/auth';
import { createTemplate } from '../../services/field-mapping-templates/create-template';
import { deleteTemplate, templateDeleteRefusal } from '../../services/field-mapping-templates/delete-template';
import { getTemplate } from '../../services/field-mapping-templates/get-template';
import { listTemplates } from '../../services/field-mapping-templates/list-templates';
import { previewMapping } from '../../services/field-mapping-templates/preview-mapping';
import { TEMPLATE_NOT_FOUND } from '../../services/field-mapping-templates/template-rules';
import { updateTemplate } from '../../services/field-mapping-templates/update-template';

/** A malformed template id is simply a template that does not exist. */
const templateId = (id: string) => idOr404(id, TEMPLATE_NOT_FOUND);

/** Spec 2 and 7, mapping tab: field-mapping templates CRUD and the preview call. */
export const adminFieldMappingTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/field-mapping-templates', { schema: { response: { 200: templateListResponse } } }, () => listTemplates(app.db));

  app.get('/field-mapping-templates/:id', { schema: { params: idParams, response: { 200: templateDto } } }, (request) =>
    getTemplate(app.db, { templateId: templateId(request.params.id) }),
  );

  app.post('/field-mapping-templates', { schema: { body: templateBody, response: { 201: templateDto } } }, async (request, reply) => {
    const actorId = actor(request).id;
    const dto = await request.unitOfWork((tx) => createTemplate(tx, { form: request.body, actorId, now: app.clock() }));
    return reply.status(201).send(dto);
  });

  app.put('/field-mapping-templates/:id', { schema: { params: idParams, body: templateBody, response: { 200: templateDto } } }, (request) => {
    const id = templateId(request.params.id);
    return request.unitOfWork((tx) => updateTemplate(tx, { templateId: id, form: request.body, now: app.clock() }));
  });

  app.delete('/field-mapping-templates/:id', { schema: { params: idParams, response: { 200: messageResponse } } }, async (request) => {
    const id = templateId(request.params.id);
    try {
      return await request.unitOfWork((tx) => deleteTemplate(tx, { templateId: id }));
    } catch (error) {
      // The foreign key's backstop (a link the check under the lock missed) is the same 409, after the rollback.
      return templateDeleteRefusal(app.db, id, error);
    }
  });

  // Nothing is saved: the sample is mapped with the rules exactly as the webhook receiver would map a delivery.
  app.post('/field-mapping-templates/preview', { schema: { body: previewBody, response: { 200: previewResponse } } }, (request) =>
    previewMapping(request.body),
  );
};
