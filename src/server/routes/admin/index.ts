import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth';
import { adminActivityRoutes } from './activity';
import { adminBookingRoutes } from './bookings';
import { adminCheckInRoutes } from './check-in';
import { adminClassRoutes } from './classes';
import { adminClosureRoutes } from './closures';
import { adminFamilyRoutes } from './family';
import { adminFamilyErasureRoutes } from './family-erasure';
import { adminFieldMappingTemplateRoutes } from './field-mapping-templates';
import { adminSessionRoutes } from './sessions';
import { adminSettingsRoutes } from './settings';
import { adminReservationRoutes } from './reservations';
import { adminSessionExportRoutes } from './session-export';
import { adminStatsRoutes } from './stats';
import { adminUserRoutes } from './users';
import { adminUserImportRoutes } from './user-import';
import { adminWebhookLogRoutes } from './webhook-logs';
import { adminWaitlistRoutes } from './waitlist';
import { adminWebhookRoutes } from './webhooks';

/**
 * Everything under /api/admin. ONE hook guards the whole folder: a route registered here is an admin route
 * because of where it lives, not because its author remembered a guard. The hook runs at onRequest, before
 * the body is parsed or validated, so a visitor without the role learns nothing about the route (401/403,
 * never a 400 that describes the expected body). A test walks the route table to prove it for every route.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  await app.register(adminStatsRoutes);
  await app.register(adminClassRoutes);
  await app.register(adminSessionRoutes);
  await app.register(adminClosureRoutes);
  await app.register(adminReservationRoutes);
  await app.register(adminBookingRoutes);
  await app.register(adminWaitlistRoutes);
  await app.register(adminSessionExportRoutes);
  await app.register(adminCheckInRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminFamilyRoutes);
  await app.register(adminFamilyErasureRoutes);
  await app.register(adminUserImportRoutes);
  await app.register(adminWebhookRoutes);
  await app.register(adminWebhookLogRoutes);
  await app.register(adminFieldMappingTemplateRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminActivityRoutes);
};
