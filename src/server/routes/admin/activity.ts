import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityExportQuery, activityListResponse, activityPeopleResponse, activityQuery } from '../../../shared/schemas/activity';
import { CSV_CONTENT_TYPE, csvAttachment } from '../../services/csv/to-csv';
import { exportActivityCsv } from '../../services/activity/export-activity-csv';
import { listActivity, listActivityPeople } from '../../services/activity/list-activity';

/**
 * Issue 34, the activity log (docs/product-rules.md "Activity log"): read-only; administrators only (a coach is
 * refused by /api/admin's guard). No route changes or deletes an entry, and the database refuses it too.
 */
export const adminActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/activity', { schema: { querystring: activityQuery, response: { 200: activityListResponse } } }, (request) => {
    const { personId, kind, familyId, sessionId, from, to, cursor, limit } = request.query;
    return listActivity(app.db, { personId, kind, familyId, sessionId, from, to, cursor, limit });
  });

  app.get('/activity/people', { schema: { response: { 200: activityPeopleResponse } } }, () => listActivityPeople(app.db));

  app.get('/activity/export.csv', { schema: { querystring: activityExportQuery, response: { 200: z.string() } } }, async (request, reply) => {
    const { personId, kind, familyId, sessionId, from, to } = request.query;
    const csv = await exportActivityCsv(app.db, { personId, kind, familyId, sessionId, from, to });
    return reply.type(CSV_CONTENT_TYPE).header('content-disposition', csvAttachment({ name: 'activity', now: app.clock() })).send(csv);
  });
};
