import { z } from 'zod';
import { isoInstant } from './dates';

/**
 * The family's calendar feed (issue 22): a secret address a calendar app subscribes to. Only the SHA-256 of its
 * token is stored, so the address itself is in the answer of the request that makes it, and nowhere else.
 */

/** GET /api/me/calendar-feed: whether the signed-in user has a feed, and when its link was made. */
export const calendarFeedStatus = z.object({
  active: z.boolean(),
  createdAt: isoInstant.nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** POST /api/me/calendar-feed (201): the new link, shown this once; any earlier link stopped working. */
export const calendarFeedLink = z.object({
  /** https://… (the app's public address) /api/calendar/<token>.ics */
  url: z.string(),
  /** The same address with the webcal:// scheme: opens the device's calendar app to subscribe. */
  webcalUrl: z.string(),
  createdAt: isoInstant,
});
export type CalendarFeedLink = z.infer<typeof calendarFeedLink>;

/** The public feed's path parameter: `<token>.ics`. Only bounded here: anything else is answered 404 like an unknown token. */
export const calendarFeedParams = z.object({ file: z.string().max(200) });

/** The path of the public feed, below the app's public address. */
export const CALENDAR_FEED_PREFIX = '/api/calendar/';
