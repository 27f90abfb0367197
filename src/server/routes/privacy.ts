import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { torontoDateKey } from '../../shared/rules/week';
import { familyExport } from '../../shared/schemas/privacy';
import { actor, requireUser } from '../plugins/auth';
import { requireFamily } from '../services/family/family-rows';
import { exportFamilyData } from '../services/privacy/export-family-data';

/** The file name of the family's copy: northbound-family-data-YYYY-MM-DD.json (the Toronto date). */
export const exportFileName = (now: Date) => `northbound-family-data-${torontoDateKey(now)}.json`;

/**
 * 'Download our data' (issue 31, docs/privacy.md): the signed-in guardian's family's own copy, as an indented JSON
 * attachment. The answer is parsed with familyExport first, so only the fields it lists can leave (no hash, no token).
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me/export', { onRequest: requireUser, schema: { response: { 200: z.string() } } }, async (request, reply) => {
    const familyId = requireFamily(actor(request));
    const now = app.clock();
    const data = familyExport.parse(await exportFamilyData(app.db, { familyId, now }));
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .send(`${JSON.stringify(data, null, 2)}\n`);
  });
};
