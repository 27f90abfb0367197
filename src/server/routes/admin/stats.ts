import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsResponse } from '../../../shared/schemas/stats';
import { getAdminStats } from '../../services/stats/get-admin-stats';

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/stats', { schema: { response: { 200: adminStatsResponse } } }, () => getAdminStats(app.db, { now: app.clock(), waitlistCutoffHours: app.env.WAITLIST_CUTOFF_HOURS }));
};
