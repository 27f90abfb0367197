import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/schemas/common';
import { ERASE_SUPER_ADMIN_ONLY, eraseFamilyBody, eraseFamilyResponse } from '../../../shared/schemas/privacy';
import { fullName } from '../../../shared/rules/format';
import { HttpError } from '../../http-error';
import { actor } from '../../plugins/auth';
import { eraseFamilyByOffice } from '../../services/privacy/erase-family-by-office';

/**
 * Erasure by the office (issue 31, docs/privacy.md): SUPER_ADMIN only (an ADMIN gets 403 before the body is read), with
 * the family's first guardian's e-mail typed as the confirmation; one unit of work.
 */
export const adminFamilyErasureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:id/erase',
    {
      onRequest: async (request) => {
        if (actor(request).role !== 'SUPER_ADMIN') throw new HttpError(403, ERASE_SUPER_ADMIN_ONLY);
      },
      schema: { params: idParams, body: eraseFamilyBody, response: { 200: eraseFamilyResponse } },
    },
    (request) => {
      const me = actor(request);
      return request.unitOfWork((tx) =>
        eraseFamilyByOffice(tx, {
          userId: request.params.id,
          confirm: request.body.confirm,
          actor: { id: me.id, name: fullName(me) },
          now: app.clock(),
          waitlistCutoffHours: app.env.WAITLIST_CUTOFF_HOURS,
        }),
      );
    },
  );
};
