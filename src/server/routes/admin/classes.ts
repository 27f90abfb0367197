import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classTypeDto, updateClassTypeBody } from '../../../shared/schemas/classes';
import { idParams } from '../../../shared/schemas/common';
import { idOr404 } from '../../http-error';
import { CLASS_TYPE_NOT_FOUND, updateClassType } from '../../services/classes/update-class-type';

export const adminClassRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/classes/:id',
    { schema: { params: idParams, body: updateClassTypeBody, response: { 200: classTypeDto } } },
    (request) => {
      const classTypeId = idOr404(request.params.id, CLASS_TYPE_NOT_FOUND);
      // Only the fields the form may change, passed one by one: the body can never name another class type.
      const { name, description, defaultCapacity, defaultLocation } = request.body;
      return request.unitOfWork((tx) =>
        updateClassType(tx, { classTypeId, name, description, defaultCapacity, defaultLocation, now: app.clock() }),
      );
    },
  );
};
