import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_SETTINGS, BUSINESS_SETTING_KEYS } from '../../../shared/schemas/settings';
import { actor } from '../../plugins/auth';
import { getBusinessSetting } from '../../services/settings/get-business-setting';
import { saveBusinessSetting } from '../../services/settings/save-business-setting';

/**
 * The business settings (issue 31: Settings → Plans; issue 32 adds 'policies'): GET and PUT
 * /api/admin/settings/:key for each entry of BUSINESS_SETTINGS, one pair of routes per key so each declares its own
 * body and answer schema (a wrong value: 400 naming the field). Admin-only by living under routes/admin.
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const key of BUSINESS_SETTING_KEYS) {
    const { schema } = BUSINESS_SETTINGS[key];
    app.get(`/settings/${key}`, { schema: { response: { 200: schema } } }, () => getBusinessSetting(app.db, { key }));
    app.put(`/settings/${key}`, { schema: { body: schema, response: { 200: schema } } }, (request) => {
      const { id: actorId } = actor(request);
      return request.unitOfWork((tx) => saveBusinessSetting(tx, { key, value: request.body, actorId, now: app.clock() }));
    });
  }
};
