import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_FEED_PREFIX, calendarFeedLink, calendarFeedParams, calendarFeedStatus } from '../../shared/schemas/calendar-feed';
import { HttpError } from '../http-error';
import { actor, requireUser } from '../plugins/auth';
import { calendarFeedUrls } from '../services/calendar-feed/calendar-feed-token';
import { createCalendarFeed } from '../services/calendar-feed/create-calendar-feed';
import { getCalendarFeedStatus } from '../services/calendar-feed/get-calendar-feed-status';
import { readCalendarFeed } from '../services/calendar-feed/read-calendar-feed';
import { turnOffCalendarFeed } from '../services/calendar-feed/turn-off-calendar-feed';

/** The one answer for every address that is not a working feed: never made, reset, turned off, account closed. */
export const NO_SUCH_CALENDAR = 'No such calendar feed';

/**
 * Reads of one feed address allowed per minute (per instance). A calendar app polls a subscription every few
 * minutes at the most (Google about every few hours), so this never stands in its way; it only stops one
 * address from being hammered. Counted by address, not by caller: Google's and Apple's fetchers read many
 * families' feeds from a few shared IP addresses.
 */
export const CALENDAR_FEED_READS_PER_MINUTE = 60;

export const tooManyFeedReads = (seconds: number) =>
  `This calendar feed was read too often. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * The family's calendar feed (issue 22). The signed-in user manages their own link under /api/me (cookie and
 * same-site check like every /api/me route; parents and the office alike, each for their own bookings); the
 * feed itself, GET /api/calendar/<token>.ics, needs no cookie: the secret token in the address is the
 * credential, and only its SHA-256 is stored.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me/calendar-feed', { onRequest: requireUser, schema: { response: { 200: calendarFeedStatus } } }, (request) =>
    getCalendarFeedStatus(app.db, actor(request).id),
  );

  // Makes the link, or a new one in place of the old (Reset link): the old address stops working with the commit.
  app.post('/api/me/calendar-feed', { onRequest: requireUser, schema: { response: { 201: calendarFeedLink } } }, async (request, reply) => {
    const input = { userId: actor(request).id, now: app.clock() };
    const { token, createdAt } = await request.unitOfWork((tx) => createCalendarFeed(tx, input));
    return reply.status(201).send({ ...calendarFeedUrls(app.emailContext.publicUrl, token), createdAt: createdAt.toISOString() });
  });

  app.delete('/api/me/calendar-feed', { onRequest: requireUser, schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const input = { userId: actor(request).id, now: app.clock() };
    await request.unitOfWork((tx) => turnOffCalendarFeed(tx, input));
    return reply.status(204).send(null);
  });

  // The feed, in a scope of its own so that its rate limit applies to it alone.
  const feedScope: FastifyPluginAsyncZod = async (feed) => {
    await feed.register(rateLimit, {
      max: CALENDAR_FEED_READS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `calendar-feed:${(request.params as { file?: unknown }).file}`,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(tooManyFeedReads(Math.max(1, Math.ceil(context.ttl / 1000)))), { statusCode: 429 }),
    });
    feed.get(
      `${CALENDAR_FEED_PREFIX}:file`,
      { schema: { params: calendarFeedParams, response: { 200: z.string() } } },
      async (request, reply) => {
        const calendar = await readCalendarFeed(app.db, { file: request.params.file, now: app.clock(), businessName: app.env.BUSINESS_NAME });
        if (calendar === null) throw new HttpError(404, NO_SUCH_CALENDAR);
        // Cache-Control: no-store, like every /api answer (plugins/security.ts): a calendar app reads it afresh each time.
        return reply.type('text/calendar; charset=utf-8').send(calendar);
      },
    );
  };
  await app.register(feedScope);
};
