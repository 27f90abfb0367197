import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailBacklogSchema } from '../../shared/schemas/stats';
import { mailBacklog } from '../mail/mail-backlog';

const mailHealthResponse = mailBacklogSchema.omit({ delayed: true }).extend({
  status: z.enum(['ok', 'delayed']),
  /** Where mail goes: an SMTP server (SMTP_URL), or .eml files in DATA_DIR/outbox. Never the server's address. */
  delivery: z.enum(['smtp', 'folder']),
});

/**
 * GET /api/health/mail (issue 29): whether e-mail is going out, for a monitor. Apart from readiness on purpose: the
 * portal books and answers without its mail server (the e-mails wait in the outbox), so an outage must not take
 * instances out of the balancer. 503 once the oldest e-mail waiting has waited MAIL_DELAYED_AFTER_MINUTES.
 * Answers without a session, like the other probes: counts only, no address, no server.
 */
export const mailHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health/mail', { schema: { response: { 200: mailHealthResponse, 503: mailHealthResponse } } }, async (_request, reply) => {
    const { delayed, ...numbers } = await mailBacklog(app.db);
    const answer = { status: delayed ? ('delayed' as const) : ('ok' as const), ...numbers, delivery: app.env.SMTP_URL ? ('smtp' as const) : ('folder' as const) };
    return reply.status(delayed ? 503 : 200).send(answer);
  });
};
