import { CALENDAR_FEED_PREFIX } from '../../../shared/schemas/calendar-feed';
import { hashSessionToken, newSessionToken } from '../auth/session-token';

/**
 * The calendar feed's secret (issue 22) is made and hashed like a sign-in's: 32 random bytes in base64url (43
 * characters), and only their SHA-256 (hex) stored in users.calendar_feed_hash. Whoever holds the address can
 * read the feed, with no cookie: it is a credential, so it is never logged (logging.ts) nor kept anywhere.
 */
export const newCalendarFeedToken = newSessionToken;
export const hashCalendarFeedToken = hashSessionToken;

/** A token as newCalendarFeedToken makes it: anything else is answered like an unknown token, unhashed. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The token in the feed's file name (`<token>.ics`), or null when the name cannot be one. */
export function tokenOfFeedFile(file: string): string | null {
  if (!file.endsWith('.ics')) return null;
  const token = file.slice(0, -'.ics'.length);
  return TOKEN_SHAPE.test(token) ? token : null;
}

/** The feed's https address under the app's public one (PUBLIC_URL), and the same with the webcal:// scheme. */
export function calendarFeedUrls(publicUrl: string, token: string): { url: string; webcalUrl: string } {
  const url = `${publicUrl}${CALENDAR_FEED_PREFIX}${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//i, 'webcal://') };
}
