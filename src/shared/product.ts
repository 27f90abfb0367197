/** Default product name; the server's BUSINESS_NAME overrides it and fills it into index.html (title and a meta tag the app reads). */
export const DEFAULT_BUSINESS_NAME = 'Northbound Athletics';

/** The brand red (`--color-brand-600` in src/web/index.css): theme colour of the installed app and its icons. */
export const BRAND_COLOR = '#c8102e';

/**
 * What a person reads when the server failed (a 500, or a proxy's 502/503/504 with no message for people). Here, not
 * beside the schemas: the web app's data layer loads with the first paint, and zod does not.
 */
export const SERVER_TROUBLE = 'Something went wrong on our side. Please try again.';

/** The server's 503 when its database cannot be reached or does not answer in time (a restart, an outage). */
export const DATABASE_UNAVAILABLE = 'The portal is briefly unavailable. Please try again in a minute.';

/** The server's 503 for a change its database could not store for lack of disk space (reads still work). */
export const CANNOT_SAVE_NOW = 'The portal cannot save changes right now. Please try again later.';

/** Spec 9: the business time zone; every week, day and window is computed in it. */
export const BUSINESS_TIME_ZONE = 'America/Toronto';

/** Spec 9: booking references are NB- plus the last 8 characters of the id, upper case. */
export function bookingReference(bookingId: string): string {
  return `NB-${bookingId.slice(-8).toUpperCase()}`;
}
