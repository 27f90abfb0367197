import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classTypeDto, updateClassTypeBody } from '../../../shared/schemas/classes';
import { idParams } from '../../../shared/schemas/common';
import { updateClassType } from '../../services/classes/update-class-type';

export const adminClassRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/classes/:id',
    { schema: { params: idParams, body: updateClassTypeBody, response: { 200: classTypeDto } } },
    (request) => {
      // Only the fields the form may change, passed one by one: the body can never name another class type.
      const { name, description } = request.body;
      return updateClassType(app.db, { classTypeId: request.params.id, name, description });
    },
  );
};
