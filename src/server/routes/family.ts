import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { childProfileBody, childProfileDto, emergencyContactsBody, familyResponse, guardianDto, guardianSelfBody } from '../../shared/schemas/family';
import { actor, requireUser } from '../plugins/auth';
import { requireFamily } from '../services/family/family-rows';
import { loadFamily } from '../services/family/family-dto';
import { replaceEmergencyContacts } from '../services/family/replace-emergency-contacts';
import { updateChildProfile } from '../services/family/update-child-profile';
import { updateGuardianSelf } from '../services/family/update-guardian-self';

const childParams = z.object({ childId: z.string().max(100) });

/**
 * The Family page (issue 31): a guardian reads and edits their own family only, the family being the signed-in
 * account's (familyOf, decision 027), never one named by the request. A staff account without a family gets 404.
 */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me/family', { onRequest: requireUser, schema: { response: { 200: familyResponse } } }, (request) => {
    const user = actor(request);
    return loadFamily(app.db, { familyId: requireFamily(user), viewerId: user.id });
  });

  app.patch('/api/me/guardian', { onRequest: requireUser, schema: { body: guardianSelfBody, response: { 200: guardianDto } } }, (request) => {
    const user = actor(request);
    requireFamily(user);
    const input = { userId: user.id, changes: request.body, now: app.clock() };
    return request.unitOfWork((tx) => updateGuardianSelf(tx, input));
  });

  app.patch(
    '/api/me/family/children/:childId',
    { onRequest: requireUser, schema: { params: childParams, body: childProfileBody, response: { 200: childProfileDto } } },
    (request) => {
      const input = { familyId: requireFamily(actor(request)), childId: request.params.childId, changes: request.body, by: 'guardian' as const };
      return request.unitOfWork((tx) => updateChildProfile(tx, input));
    },
  );

  app.put(
    '/api/me/family/emergency-contacts',
    { onRequest: requireUser, schema: { body: emergencyContactsBody, response: { 200: familyResponse } } },
    (request) => {
      const user = actor(request);
      const input = { familyId: requireFamily(user), contacts: request.body.contacts, now: app.clock() };
      return request.unitOfWork(async (tx) => {
        await replaceEmergencyContacts(tx, input);
        return loadFamily(tx, { familyId: input.familyId, viewerId: user.id });
      });
    },
  );
};
