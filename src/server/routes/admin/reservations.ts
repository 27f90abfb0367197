import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reservationListResponse, reservationsQuery } from '../../../shared/schemas/bookings';
import { CSV_CONTENT_TYPE, csvAttachment } from '../../services/csv/to-csv';
import { exportReservationsCsv } from '../../services/reservations/export-reservations-csv';
import { listReservations } from '../../services/reservations/list-reservations';

export const adminReservationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The query's fields are passed one by one (never spread next to trusted values such as now).
  app.get('/reservations', { schema: { querystring: reservationsQuery, response: { 200: reservationListResponse } } }, (request) => {
    const { from, to, classCode } = request.query;
    return listReservations(app.db, { from, to, classCode, now: app.clock() });
  });

  app.get(
    '/reservations/export.csv',
    { schema: { querystring: reservationsQuery, response: { 200: z.string() } } },
    async (request, reply) => {
      const now = app.clock();
      const { from, to, classCode } = request.query;
      const csv = await exportReservationsCsv(app.db, { from, to, classCode, now });
      return reply.type(CSV_CONTENT_TYPE).header('content-disposition', csvAttachment({ name: 'reservations', now })).send(csv);
    },
  );
};
