/**
 * Every error answer of the API is `{ message, code }` (issue 30, decision 025): the message is for people and stays
 * word for word what the product rules give; the code is for programs (the web app branches on it, never on the
 * text). This is the one list of codes; docs/api.md has a table of them (a test checks it names every one). A code
 * is never renamed nor reused for another refusal.
 *
 * Here, not beside the schemas: the web app's data layer loads with the first paint, and zod does not.
 */
export const ERROR_CODES = [
  // One per status: what a refusal without a more precise code answers (errorCodeForStatus).
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',

  // Requests as such (plugins/errors.ts, plugins/json-body.ts, plugins/security.ts).
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'EMPTY_BODY',
  'JSON_TOO_DEEP',
  'BAD_ADDRESS',
  'NO_SUCH_ENDPOINT',
  'CSRF_REFUSED',
  'DATABASE_UNAVAILABLE',
  'STORAGE_FULL',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',

  // Signing in and links.
  'INVALID_CREDENTIALS',
  'LINK_EXPIRED',

  // Bookings, cancellations, reschedules and waitlists (the SQL functions' refusals, services/bookings/booking-refusals.ts).
  // Something that is not there is NOT_FOUND whatever it is (the message names it): a malformed id in the address is
  // the same 404 as an unknown one (http-error.ts, idOr404).
  'SESSION_CANCELLED',
  'SESSION_STARTED',
  'OUTSIDE_WINDOW',
  'NOT_YOUR_CHILDREN',
  'CHILD_NAMED_TWICE',
  'CHECKED_IN',
  'SESSION_FULL',
  'NOT_ENOUGH_SPOTS',
  'ALREADY_BOOKED',
  'WEEKLY_LIMIT_REACHED',
  'ALREADY_CANCELLED',
  'CANCEL_TOO_LATE',
  'RESCHEDULE_NOT_CONFIRMED',
  'RESCHEDULE_SAME_SESSION',
  'RESCHEDULE_TOO_LATE',
  'SESSION_NOT_FULL',
  'ALREADY_WAITING',
  'WAITLIST_CLOSED',
  'WAITLIST_PROMOTED',
  'WAITLIST_NOT_WAITING',
  'NOT_ELIGIBLE',
  'ELIGIBILITY_DETAILS_MISSING',
  // Issue 32, the no-show rule: the family's online booking is paused (rules/attendance.ts bookingPauseOf).
  'BOOKING_PAUSED',
  // Issue 32, one child at a time: a name the booking does not have; a child whose place is already cancelled.
  'CHILD_NOT_IN_BOOKING',
  'CHILD_ALREADY_CANCELLED',
  // Issue 32, make-up credits: the office removes a credit a booking already uses.
  'MAKEUP_CREDIT_USED',

  // The office's session screens.
  'SESSION_STARTED_NOT_EDITED',
  'DUPLICATE_SESSION',
  'WEEKLY_LIMIT_CONFLICTS',

  // Closures (issue 32): days the business is closed.
  'DAY_CLOSED',
  'CLOSURE_OVERLAP',
  'CLOSURE_IN_PAST',

  // Families (issue 31): guardians, child profiles.
  'CHILD_DETAIL_LOCKED',
  'LAST_GUARDIAN',
  'TOO_MANY_GUARDIANS',
  'EMAIL_TAKEN',

  // Staff (issue 34): a coach reads the rosters of today's and tomorrow's sessions only.
  'COACH_DAY_ONLY',
  'ACTIVITY_CURSOR_INVALID',
  // Second factors (issue 34).
  'SECOND_FACTOR_INVALID',
  'SECOND_FACTOR_EXPIRED',
  'SECOND_FACTOR_SET_UP_REQUIRED',
  'PASSKEY_REFUSED',
  'LAST_SECOND_FACTOR',
  'AUTHENTICATOR_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `value` is one of the codes (a client parsing an answer: an unknown code is treated as none). */
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);

const BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The code of a refusal that has none more precise: one per status (any other 4xx is BAD_REQUEST, 5xx INTERNAL_ERROR). */
export function errorCodeForStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
