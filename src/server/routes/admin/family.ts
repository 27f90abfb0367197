import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fullName } from '../../../shared/rules/format';
import { messageResponse } from '../../../shared/schemas/common';
import { addGuardianBody, childProfileBody, childProfileDto, emergencyContactsBody, familyResponse, guardianDto } from '../../../shared/schemas/family';
import { liftBookingPauseBody } from '../../../shared/schemas/admin-users';
import { actor } from '../../plugins/auth';
import { requireFamily } from '../../services/family/family-rows';
import { addGuardian } from '../../services/family/add-guardian';
import { loadFamily } from '../../services/family/family-dto';
import { liftBookingPause } from '../../services/family/lift-booking-pause';
import { removeGuardian } from '../../services/family/remove-guardian';
import { replaceEmergencyContacts } from '../../services/family/replace-emergency-contacts';
import { updateChildProfile } from '../../services/family/update-child-profile';
import { liveUser } from '../../services/users/get-family';
import { grantMakeupCreditBody, officeMakeupCreditDto, removeMakeupCreditBody } from '../../../shared/schemas/makeup-credits';
import { CREDIT_CHILD_NOT_FOUND, grantMakeupCredit } from '../../services/makeup-credits/grant-makeup-credit';
import { CREDIT_NOT_FOUND, removeMakeupCredit } from '../../services/makeup-credits/remove-makeup-credit';
import { idOr404 } from '../../http-error';

const familyParams = z.object({ id: z.string().max(100) });
const childParams = familyParams.extend({ childId: z.string().max(100) });
const guardianParams = familyParams.extend({ guardianId: z.string().max(100) });
const creditParams = familyParams.extend({ creditId: z.string().max(100) });

/**
 * The office's family page (issue 31): guardians added and removed, a child's profile (a recorded date of birth or
 * sex included) and the emergency contacts, of the family of the account /admin/users/:id opened. Admin only (the
 * folder's hook).
 */
export const adminFamilyRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The family of the account in the path: 404 for an unknown account or one without a family (staff). */
  const familyOfAccount = async (userId: string) => requireFamily(await liveUser(app.db, userId));
  const officeActor = (request: Parameters<typeof actor>[0]) => {
    const who = actor(request);
    return { id: who.id, name: fullName(who) };
  };

  app.post('/users/:id/guardians', { schema: { params: familyParams, body: addGuardianBody, response: { 201: guardianDto } } }, async (request, reply) => {
    const familyId = await familyOfAccount(request.params.id);
    const input = { familyId, form: request.body, actor: officeActor(request), email: app.emailContext, now: app.clock() };
    const guardian = await request.unitOfWork((tx) => addGuardian(tx, input));
    return reply.status(201).send(guardian);
  });

  app.delete('/users/:id/guardians/:guardianId', { schema: { params: guardianParams, response: { 200: messageResponse } } }, async (request) => {
    const familyId = await familyOfAccount(request.params.id);
    const input = { familyId, guardianId: request.params.guardianId, actor: officeActor(request), now: app.clock() };
    return request.unitOfWork((tx) => removeGuardian(tx, input));
  });

  app.patch(
    '/users/:id/children/:childId',
    { schema: { params: childParams, body: childProfileBody, response: { 200: childProfileDto } } },
    async (request) => {
      const familyId = await familyOfAccount(request.params.id);
      const input = { familyId, childId: request.params.childId, changes: request.body, by: 'office' as const };
      return request.unitOfWork((tx) => updateChildProfile(tx, input));
    },
  );

  // Issue 32: the office lifts the no-show rule's pause of the family's online booking, with a note.
  app.post(
    '/users/:id/lift-booking-pause',
    { schema: { params: familyParams, body: liftBookingPauseBody, response: { 200: messageResponse } } },
    async (request) => {
      const familyId = await familyOfAccount(request.params.id);
      const input = { familyId, note: request.body.note, actor: officeActor(request), now: app.clock() };
      return request.unitOfWork((tx) => liftBookingPause(tx, input));
    },
  );

  // Issue 32: the office grants a child a make-up credit, or removes one, each with a note (kept with the action).
  app.post(
    '/users/:id/makeup-credits',
    { schema: { params: familyParams, body: grantMakeupCreditBody, response: { 201: officeMakeupCreditDto } } },
    async (request, reply) => {
      const familyId = await familyOfAccount(request.params.id);
      const input = { familyId, childId: idOr404(request.body.childId, CREDIT_CHILD_NOT_FOUND), note: request.body.note, actor: officeActor(request), now: app.clock() };
      const credit = await request.unitOfWork((tx) => grantMakeupCredit(tx, input));
      return reply.status(201).send(credit);
    },
  );

  app.delete(
    '/users/:id/makeup-credits/:creditId',
    { schema: { params: creditParams, body: removeMakeupCreditBody, response: { 200: messageResponse } } },
    async (request) => {
      const familyId = await familyOfAccount(request.params.id);
      const input = { familyId, creditId: idOr404(request.params.creditId, CREDIT_NOT_FOUND), note: request.body.note, actor: officeActor(request), now: app.clock() };
      return request.unitOfWork((tx) => removeMakeupCredit(tx, input));
    },
  );

  app.put('/users/:id/emergency-contacts', { schema: { params: familyParams, body: emergencyContactsBody, response: { 200: familyResponse } } }, async (request) => {
    const familyId = await familyOfAccount(request.params.id);
    const input = { familyId, contacts: request.body.contacts, now: app.clock() };
    return request.unitOfWork(async (tx) => {
      await replaceEmergencyContacts(tx, input);
      return loadFamily(tx, { familyId, viewerId: null });
    });
  });
};
