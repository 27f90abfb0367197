import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromNotAfterTo } from '../../../shared/schemas/dates';
import { idParams } from '../../../shared/schemas/common';
import { listSessionsQuery, rosterResponse } from '../../../shared/schemas/sessions';
import { CSV_CONTENT_TYPE, csvAttachment } from '../../services/csv/to-csv';
import { exportSessionsCsv } from '../../services/sessions/export-sessions-csv';
import { exportSessionRosterCsv, getSessionRoster } from '../../services/sessions/session-roster';
import { waitlistClosesBefore } from '../../services/waitlist/list-waitlist';
import { COACH_DAY_ONLY_MESSAGE, coachSeesRosterOf, isCoachRole } from '../../../shared/rules/roles';
import { HttpError } from '../../http-error';
import { actor, atTheDoor } from '../../plugins/auth';

/** The filters of GET /api/sessions (same fields, same messages), without paging: an export holds every row. */
const { from, to, classCode, classTypeId } = listSessionsQuery.shape;
const sessionsExportQuery = z
  .object({ from, to, classCode, classTypeId })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['to'] });

export const adminSessionExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions/export.csv',
    { schema: { querystring: sessionsExportQuery, response: { 200: z.string() } } },
    async (request, reply) => {
      const { from, to, classCode, classTypeId } = request.query;
      const now = app.clock();
      const csv = await exportSessionsCsv(app.db, { from, to, classCode, classTypeId, now });
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', csvAttachment({ name: 'sessions', now }))
        .send(csv);
    },
  );

  // Who is coming (issue 19): the roster of one session, on screen and as a CSV file.
  // A coach (issue 34) reads the rosters of today's and tomorrow's sessions only.
  app.get('/sessions/:id/roster', { ...atTheDoor, schema: { params: idParams, response: { 200: rosterResponse } } }, async (request) => {
    const now = app.clock();
    const roster = await getSessionRoster(app.db, request.params.id, waitlistClosesBefore(now, app.env.WAITLIST_CUTOFF_HOURS));
    if (isCoachRole(actor(request).role) && !coachSeesRosterOf(roster.session.startsAt, now)) {
      throw new HttpError(403, COACH_DAY_ONLY_MESSAGE, { code: 'COACH_DAY_ONLY' });
    }
    return roster;
  });

  app.get('/sessions/:id/roster/export.csv', { schema: { params: idParams, response: { 200: z.string() } } }, async (request, reply) => {
    const { csv } = await exportSessionRosterCsv(app.db, request.params.id, waitlistClosesBefore(app.clock(), app.env.WAITLIST_CUTOFF_HOURS));
    return reply
      .type(CSV_CONTENT_TYPE)
      .header('content-disposition', csvAttachment({ name: 'roster', now: app.clock() }))
      .send(csv);
  });
};
