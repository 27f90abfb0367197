import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classTypeDto, updateClassTypeBody } from '../../../shared/schemas/classes';
import { idParams } from '../../../shared/schemas/common';
import { updateClassType } from '../../services/classes/update-class-type';

export const adminClassRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/classes/:id',
    { schema: { params: idParams, body: updateClassTypeBody, response: { 200: classTypeDto } } },
    (request) => updateClassType(app.db, { classTypeId: request.params.id, ...request.body }),
  );
};
