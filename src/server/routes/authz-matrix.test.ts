import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, totpFactors, bookingChildren, bookings, children, closures, makeupCredits, families, fieldMappingTemplates, sessions, users, waitlistEntries, webhookConfigs, webhookLogs } from '../db/schema';
import { bookingReference } from '../../shared/product';
import { isErrorCode } from '../../shared/error-codes';
import { ERASE_SUPER_ADMIN_ONLY } from '../../shared/schemas/privacy';
import { RESET_SUPER_ADMIN_ONLY } from '../../shared/schemas/second-factor';
import { DEFAULT_POLICIES } from '../../shared/schemas/settings';
import { startOfTorontoDay } from '../../shared/rules/week';
import { ACTIVITY_FREE_ROUTES, ACTIVITY_KIND_NAMES, ACTIVITY_KINDS, activityKindOf } from '../../shared/rules/activity';
import { createClassType, createParent, createSession } from '../test-support/fixtures';
import { openSignIn, sendWithToken, type SweepRequest, type SweepResponse } from '../test-support/sign-in-as';
import type { TestServer } from '../test-support/test-server';
import { withApi } from '../test-support/with-api';
import { signWebhook } from '../test-support/webhook-signing';

/** The secret of the demo configuration 'crm-plans' (README, CRM webhooks). */
const DEMO_WEBHOOK_SECRET = 'demo-crm-secret-change-me-0001';

/*
 * The authorization matrix (issue 11). EVERY route of Fastify's route table under /api is called as each of
 * five callers, and the expected status of each is written down below. A route in the app without a row
 * here fails the test, and so does a row for a route the app no longer has: nobody can add an endpoint
 * without deciding, in this table, who may call it.
 *
 * Callers: anonymous (no cookie); parent, the owner of every id a route is called with (bookings, sign-in
 * sessions); otherParent, another family, who must get 404 (or 403) for those ids; coach (COACH, issue 34: the door's
 * routes only); admin (ADMIN) and superAdmin (SUPER_ADMIN). Each request carries a fresh sign-in and valid-looking input built for it (see
 * REQUESTS), so a 400 in the table would mean "let through, then refused on its input"; what matters is
 * the 401/403/404 of those who must not pass.
 */

const CALLERS = ['anonymous', 'parent', 'otherParent', 'coach', 'admin', 'superAdmin'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

/** Anyone, with or without a session. */
const everyone = (status: number): Expected => ({ anonymous: status, parent: status, otherParent: status, coach: status, admin: status, superAdmin: status });
/** Any signed-in user (parents and office alike). */
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
/** ADMIN and SUPER_ADMIN; a parent and a coach get 403. */
const adminOnly = (status: number): Expected => ({ anonymous: 401, parent: 403, otherParent: 403, coach: 403, admin: status, superAdmin: status });
/** The door's routes (issue 34): the administrators and the coaches. */
const atTheDoor = (status: number): Expected => ({ ...adminOnly(status), coach: status });
/** Only the owner of the id in the path (the first parent); everyone else signed in is told it does not exist. */
const ownerOnly = (status: number): Expected => ({ anonymous: 401, parent: status, otherParent: 404, coach: 404, admin: 404, superAdmin: 404 });

const MATRIX: Record<string, Expected> = {
  // Public
  'GET /api/health': everyone(200),
  'GET /api/health/ready': everyone(200),
  'GET /api/health/mail': everyone(200),
  'POST /api/auth/login': everyone(200),
  'POST /api/auth/logout': everyone(200),
  'GET /api/auth/set-password': everyone(410), // called with an unknown token
  'POST /api/auth/set-password': everyone(410), // called with an unknown token
  // The CRM receiver: authenticated by its signature, never by a session (called unsigned: 401 for all).
  'POST /api/webhooks/:endpoint': everyone(401),

  // Signed in (parents and office)
  'GET /api/me': signedIn(200),
  'POST /api/me/change-password': signedIn(200),
  'GET /api/sessions': signedIn(200),
  'GET /api/classes': signedIn(200),
  'GET /api/policies': signedIn(200),
  'GET /api/closures': signedIn(200),
  // Each caller books one of their own children; the office has no children to book.
  'POST /api/bookings': { anonymous: 401, parent: 201, otherParent: 201, coach: 400, admin: 400, superAdmin: 400 },
  'GET /api/me/bookings': signedIn(200),
  'GET /api/me/child-stats': signedIn(200),
  // The waitlist (issue 21): each caller puts one of their own children in line; the office has none.
  'POST /api/sessions/:id/waitlist': { anonymous: 401, parent: 201, otherParent: 201, coach: 400, admin: 400, superAdmin: 400 },
  'GET /api/me/waitlist': signedIn(200),
  'DELETE /api/waitlist/:id': ownerOnly(200), // an entry of the first parent

  // The first parent's own booking
  'POST /api/bookings/:id/cancel': ownerOnly(200),
  'POST /api/bookings/:id/reschedule': ownerOnly(200),

  // Administrators
  'GET /api/admin/stats': adminOnly(200),
  'PUT /api/admin/classes/:id': adminOnly(200),
  'POST /api/admin/sessions': adminOnly(201),
  'POST /api/admin/sessions/bulk': adminOnly(201),
  'POST /api/admin/sessions/bulk-delete': adminOnly(200),
  'PUT /api/admin/sessions/:id': adminOnly(200),
  'DELETE /api/admin/sessions/:id': adminOnly(200),
  'POST /api/admin/sessions/:id/cancel': adminOnly(200),
  // Closures (issue 32): the office closes and reopens days.
  'GET /api/admin/closures': adminOnly(200),
  'GET /api/admin/closures/preview': adminOnly(200),
  'POST /api/admin/closures': adminOnly(201),
  'DELETE /api/admin/closures/:id': adminOnly(200),
  'GET /api/admin/reservations': adminOnly(200),
  'GET /api/admin/reservations/export.csv': adminOnly(200),
  'GET /api/admin/sessions/export.csv': adminOnly(200),
  'GET /api/admin/users': adminOnly(200),
  'POST /api/admin/users': adminOnly(201),
  'PATCH /api/admin/users/:id': adminOnly(200),
  'DELETE /api/admin/users/:id': adminOnly(200),
  // Erasure (issue 31, docs/privacy.md): SUPER_ADMIN only, an ADMIN is refused before the body is read.
  'POST /api/admin/users/:id/erase': { anonymous: 401, parent: 403, otherParent: 403, coach: 403, admin: 403, superAdmin: 200 },
  // The front desk (issue 19): the office acts for a family.
  'POST /api/admin/bookings': adminOnly(201),
  'POST /api/admin/bookings/:id/cancel': adminOnly(200),
  'POST /api/admin/bookings/:id/reschedule': adminOnly(200),
  'POST /api/admin/waitlist/:id/promote': adminOnly(201),
  'DELETE /api/admin/waitlist/:id': adminOnly(200),
  'GET /api/admin/users/:id': adminOnly(200),
  'GET /api/admin/users/:id/bookings': adminOnly(200),
  'GET /api/admin/users/:id/child-stats': adminOnly(200),
  'GET /api/admin/sessions/:id/roster': atTheDoor(200), // a session of today: a coach's day
  'GET /api/admin/sessions/:id/roster/export.csv': adminOnly(200),
  // Check-in at the door (issue 22).
  'POST /api/admin/check-in/lookup': atTheDoor(200),
  'POST /api/admin/check-in': atTheDoor(200),
  'POST /api/admin/check-in/undo': atTheDoor(200),
  'PUT /api/admin/users/:id/change-password': adminOnly(200),
  'POST /api/admin/users/:id/set-password-link': adminOnly(200),
  'POST /api/admin/users/import-csv': adminOnly(200),
  'GET /api/admin/webhooks': adminOnly(200),
  'POST /api/admin/webhooks': adminOnly(201),
  'PUT /api/admin/webhooks/:id': adminOnly(200),
  'DELETE /api/admin/webhooks/:id': adminOnly(200),
  'GET /api/admin/webhook-sample': adminOnly(200),
  'GET /api/admin/webhook-logs': adminOnly(200),
  'GET /api/admin/webhook-logs/latest-payload': adminOnly(200),
  'GET /api/admin/webhook-logs/:id': adminOnly(200),
  'DELETE /api/admin/webhook-logs': adminOnly(200),
  'GET /api/admin/field-mapping-templates': adminOnly(200),
  'GET /api/admin/field-mapping-templates/:id': adminOnly(200),
  'POST /api/admin/field-mapping-templates': adminOnly(201),
  'PUT /api/admin/field-mapping-templates/:id': adminOnly(200),
  'DELETE /api/admin/field-mapping-templates/:id': adminOnly(200),
  'POST /api/admin/field-mapping-templates/preview': adminOnly(200),
  // The business settings (issue 31: Settings → Plans).
  'GET /api/admin/settings/plans': adminOnly(200),
  'PUT /api/admin/settings/plans': adminOnly(200),
  'GET /api/admin/settings/policies': adminOnly(200),
  'PUT /api/admin/settings/policies': adminOnly(200),
  // Second factors (issue 34): the sign-in's second step and a passkey alone (no pending sign-in here: refused),
  // the account's own factors, and a SUPER_ADMIN's reset of another person's.
  'POST /api/auth/second-factor': everyone(401),
  'POST /api/auth/passkey/options': everyone(200),
  'POST /api/auth/passkey/verify': everyone(401),
  'GET /api/me/factors': signedIn(200),
  'POST /api/me/factors/authenticator': signedIn(200),
  'POST /api/me/factors/authenticator/confirm': signedIn(400), // a wrong code
  'DELETE /api/me/factors/authenticator': signedIn(200),
  'POST /api/me/factors/recovery-codes': signedIn(409), // no factor yet
  'POST /api/me/factors/passkeys/options': signedIn(200),
  'POST /api/me/factors/passkeys': signedIn(400), // not a real authenticator's answer
  'DELETE /api/me/factors/passkeys/:id': signedIn(404),
  'POST /api/admin/users/:id/reset-second-factors': { anonymous: 401, parent: 403, otherParent: 403, coach: 403, admin: 403, superAdmin: 200 },
  // The activity log (issue 34): read by administrators only.
  'GET /api/admin/activity': adminOnly(200),
  'GET /api/admin/activity/people': adminOnly(200),
  'GET /api/admin/activity/export.csv': adminOnly(200),

  // The signed-in devices of one's own account (issue 11).
  'GET /api/me/sessions': signedIn(200),
  'POST /api/me/sessions/sign-out-others': signedIn(200),
  'DELETE /api/me/sessions/:id': ownerOnly(200), // the id of another sign-in of the first parent
  // The user menu's switches (issue 21): one's own, whoever is signed in.
  'PATCH /api/me/preferences': signedIn(200),
  // 'Download our data' (issue 31): each guardian's own family; the seeded administrators have no family (404); the
  // coach, an account as the office's form makes one, has its own.
  'GET /api/me/export': { anonymous: 401, parent: 200, otherParent: 200, coach: 200, admin: 404, superAdmin: 404 },
  // The calendar feed (issue 22): one's own link, whoever is signed in; the feed itself needs no session, only
  // the secret address (called with the first parent's live link: the same calendar for every caller).
  'GET /api/me/calendar-feed': signedIn(200),
  'POST /api/me/calendar-feed': signedIn(201),
  'DELETE /api/me/calendar-feed': signedIn(204),
  'GET /api/calendar/:file': everyone(200),

  // The Family page (issue 31): one's own family, whoever is signed in (these office accounts, made by the office's
  // form, have one; an account without a family gets 404: src/server/routes/family.test.ts).
  'GET /api/me/family': signedIn(200),
  'PATCH /api/me/guardian': signedIn(200),
  'PUT /api/me/family/emergency-contacts': signedIn(200),
  'PATCH /api/me/family/children/:childId': ownerOnly(200), // a child of the first parent
  // The office's family page (issue 31).
  'POST /api/admin/users/:id/guardians': adminOnly(201),
  'DELETE /api/admin/users/:id/guardians/:guardianId': adminOnly(200),
  'POST /api/admin/users/:id/lift-booking-pause': adminOnly(200),
  'POST /api/admin/users/:id/makeup-credits': adminOnly(201),
  'DELETE /api/admin/users/:id/makeup-credits/:creditId': adminOnly(200),
  'PATCH /api/admin/users/:id/children/:childId': adminOnly(200),
  'PUT /api/admin/users/:id/emergency-contacts': adminOnly(200),
};

/**
 * Rows written ahead of their routes, while the route is still being built on another branch: the stale-row
 * check lets them through, the test of "every pending route is registered" names them until they are merged
 * (then delete them from here). Empty when every row is a live route.
 */
const PENDING_ROUTES = new Set<string>([]);


interface Actor {
  userId: string | null;
  email: string;
  password: string;
  /** A child of the family's own, for bookings (none for the office). */
  childNames: string[];
}

interface Context {
  server: TestServer;
  actors: Record<Caller, Actor>;
  classTypeId: string;
  webhookLogId: string;
  templateId: string;
  loginTarget: { email: string; password: string };
}

let ctx: Context;

const db = () => ctx.server.database.db;
const unique = () => randomBytes(4).toString('hex');
let minutesAhead = 0;
/** A scheduled session of its own, a few hours ahead (inside the booking window), never full. */
const freshSession = async () =>
  createSession(db(), { classTypeId: ctx.classTypeId, startsAt: new Date(Date.now() + 3 * 3_600_000 + ++minutesAhead * 60_000), capacity: 20 });
/** A confirmed booking of the first parent, made through the API as the family would. */
let nextChild = 0;
async function freshBooking(): Promise<string> {
  const parent = ctx.actors.parent;
  const { token } = await openSignIn(db(), parent.userId!);
  const session = await freshSession();
  const childName = parent.childNames[nextChild++ % parent.childNames.length]!;
  const res = await sendWithToken(ctx.server.baseUrl, token, { method: 'POST', path: '/api/bookings', body: { sessionId: session.id, childNames: [childName] } });
  if (res.status !== 201) throw new Error(`fixture booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}
/**
 * A confirmed booking of the first parent in a session of today (Toronto): check-in is open on the session's day only.
 * Written directly, in a session that started a minute after Toronto's midnight, so the hour of the run never matters.
 */
async function freshTodayBooking(): Promise<{ sessionId: string; bookingId: string; childId: string }> {
  const session = await createSession(db(), { classTypeId: ctx.classTypeId, startsAt: new Date(startOfTorontoDay(new Date()).getTime() + ++minutesAhead * 60_000) });
  const parent = ctx.actors.parent;
  const [child] = await db().select().from(children).where(and(eq(children.familyId, parent.userId!), eq(children.name, parent.childNames[0]!)));
  const [booking] = await db().insert(bookings).values({ familyId: parent.userId!, sessionId: session.id }).returning({ id: bookings.id });
  await db().insert(bookingChildren).values({ bookingId: booking!.id, childId: child!.id, childName: child!.name });
  return { sessionId: session.id, bookingId: booking!.id, childId: child!.id };
}
/** A session with no spot left (its count says so; no booking needed to be refused a spot). */
async function freshFullSession() {
  const session = await freshSession();
  await db().update(sessions).set({ capacity: 1, bookedCount: 1 }).where(eq(sessions.id, session.id));
  return session;
}
/** A waiting entry of `userId`'s child in a session of its own with one free spot (promotable). */
async function freshEntry(userId: string, childName: string): Promise<string> {
  const session = await freshSession();
  await db().update(sessions).set({ capacity: 1 }).where(eq(sessions.id, session.id));
  const [child] = await db().select().from(children).where(and(eq(children.familyId, userId), eq(children.name, childName)));
  const [entry] = await db()
    .insert(waitlistEntries)
    .values({ familyId: userId, sessionId: session.id, childIds: [child!.id], childNames: [childName] })
    .returning({ id: waitlistEntries.id });
  return entry!.id;
}
/** A family for the office to edit or delete (no password: no argon2 hash to compute). */
async function freshFamily(): Promise<string> {
  const id = randomUUID();
  await db().insert(families).values({ id });
  const [row] = await db()
    .insert(users)
    .values({ id, familyId: id, email: `authz-target-${unique()}@example.com`, firstName: 'Target', lastName: 'Family', role: 'PARENT' })
    .returning({ id: users.id });
  return row!.id;
}
/** A family with one child (weekly limit 7) for the office to book for. */
async function freshFamilyWithChild(): Promise<{ userId: string; childName: string }> {
  const userId = await freshFamily();
  await db().insert(children).values({ familyId: userId, position: 1, name: 'Robin', weeklyLimit: 7 });
  return { userId, childName: 'Robin' };
}
async function freshWebhook(): Promise<string> {
  const [row] = await db()
    .insert(webhookConfigs)
    .values({ name: `Authz ${unique()}`, endpoint: `authz-${unique()}`, fieldMappings: JSON.stringify({ email: 'email' }) })
    .returning({ id: webhookConfigs.id });
  return row!.id;
}
async function freshTemplate(): Promise<string> {
  const [row] = await db()
    .insert(fieldMappingTemplates)
    .values({ name: `Authz ${unique()}`, source: 'authz' })
    .returning({ id: fieldMappingTemplates.id });
  return row!.id;
}
const sessionForm = () => {
  const startsAt = new Date(Date.now() + 10 * 86_400_000);
  return { classTypeId: ctx.classTypeId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(), capacity: 12, location: 'Authz Gym' };
};
const csvForm = () => {
  const form = new FormData();
  form.append('columnMapping', JSON.stringify({ email: 'Email', firstName: 'First Name', lastName: 'Last Name' }));
  form.append('csvFile', new Blob([`Email,First Name,Last Name\nauthz-${unique()}@import.test,Csv,Family\n`], { type: 'text/csv' }), 'families.csv');
  return form;
};

/**
 * How each route is called, per caller: the URL with real ids and a valid-looking body. Anything missing here
 * is called with a random uuid for each :param and an empty JSON object for writes.
 */
let closureDays = 0;
/** A Toronto day of its own, a year or more ahead, for each closure the matrix makes. */
const closureDay = () => new Date(Date.now() + (400 + closureDays++) * 86_400_000).toISOString().slice(0, 10);

const REQUESTS: Partial<Record<keyof typeof MATRIX, (caller: Caller, actor: Actor) => Promise<SweepRequest> | SweepRequest>> = {
  'POST /api/auth/login': () => ({ method: 'POST', path: '/api/auth/login', body: ctx.loginTarget }),
  'GET /api/auth/set-password': () => ({ method: 'GET', path: `/api/auth/set-password?token=${unique()}${unique()}` }),
  'POST /api/auth/set-password': () => ({ method: 'POST', path: '/api/auth/set-password', body: { token: `${unique()}${unique()}`, newPassword: 'a-new-password-1' } }),
  'POST /api/webhooks/:endpoint': () => ({ method: 'POST', path: '/api/webhooks/crm-plans', body: { event: 'plan.purchased', contact: { email: `x-${unique()}@example.com` } } }),
  'POST /api/me/change-password': (_caller, actor) => ({
    method: 'POST',
    path: '/api/me/change-password',
    // The right current password of each caller; the new one differs from it (anonymous: any valid-looking pair).
    body: { currentPassword: actor.password || 'anything-1', newPassword: `${actor.password || 'anything'}-next` },
  }),
  'GET /api/sessions': () => ({ method: 'GET', path: '/api/sessions' }),
  'POST /api/bookings': async (_caller, actor) => ({
    method: 'POST',
    path: '/api/bookings',
    body: { sessionId: (await freshSession()).id, childNames: actor.childNames.length ? [actor.childNames[0]] : ['Nobody'] },
  }),
  'POST /api/bookings/:id/cancel': async () => ({ method: 'POST', path: `/api/bookings/${await freshBooking()}/cancel` }),
  'POST /api/sessions/:id/waitlist': async (_caller, actor) => ({
    method: 'POST',
    path: `/api/sessions/${(await freshFullSession()).id}/waitlist`,
    body: { childNames: actor.childNames.length ? [actor.childNames[0]] : ['Nobody'] },
  }),
  'DELETE /api/waitlist/:id': async () => ({
    method: 'DELETE',
    path: `/api/waitlist/${await freshEntry(ctx.actors.parent.userId!, ctx.actors.parent.childNames[0]!)}`,
  }),
  'POST /api/admin/waitlist/:id/promote': async () => {
    const { userId, childName } = await freshFamilyWithChild();
    return { method: 'POST', path: `/api/admin/waitlist/${await freshEntry(userId, childName)}/promote`, body: {} };
  },
  'DELETE /api/admin/waitlist/:id': async () => {
    const { userId, childName } = await freshFamilyWithChild();
    return { method: 'DELETE', path: `/api/admin/waitlist/${await freshEntry(userId, childName)}` };
  },
  'POST /api/bookings/:id/reschedule': async () => ({
    method: 'POST',
    path: `/api/bookings/${await freshBooking()}/reschedule`,
    body: { newSessionId: (await freshSession()).id },
  }),
  'PUT /api/admin/classes/:id': () => ({ method: 'PUT', path: `/api/admin/classes/${ctx.classTypeId}`, body: { name: 'Authz class', description: `Renamed by the matrix ${unique()}` } }),
  'POST /api/admin/sessions': () => ({ method: 'POST', path: '/api/admin/sessions', body: sessionForm() }),
  'POST /api/admin/sessions/bulk': () => {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    return {
      method: 'POST',
      path: '/api/admin/sessions/bulk',
      body: { classTypeId: ctx.classTypeId, startDate: day, endDate: day, startTime: '06:00', endTime: '07:00', location: 'Authz Gym', capacity: 10, pattern: 'daily' },
    };
  },
  'POST /api/admin/sessions/bulk-delete': async () => ({ method: 'POST', path: '/api/admin/sessions/bulk-delete', body: { sessionIds: [(await freshSession()).id] } }),
  'PUT /api/admin/sessions/:id': async () => ({ method: 'PUT', path: `/api/admin/sessions/${(await freshSession()).id}`, body: sessionForm() }),
  'DELETE /api/admin/sessions/:id': async () => ({ method: 'DELETE', path: `/api/admin/sessions/${(await freshSession()).id}` }),
  'GET /api/admin/closures/preview': () => ({ method: 'GET', path: `/api/admin/closures/preview?startDate=${closureDay()}&endDate=${closureDay()}` }),
  // A day of its own for each call, far from the other routes' sessions (closures may not overlap).
  'POST /api/admin/closures': () => {
    const day = closureDay();
    return { method: 'POST', path: '/api/admin/closures', body: { startDate: day, endDate: day, reason: 'Authz closure' } };
  },
  'DELETE /api/admin/closures/:id': async () => {
    const [row] = await db().insert(closures).values({ startDate: closureDay(), endDate: closureDay(), reason: 'Authz reopen' }).returning();
    return { method: 'DELETE', path: `/api/admin/closures/${row!.id}` };
  },
  'POST /api/admin/sessions/:id/cancel': async () => ({ method: 'POST', path: `/api/admin/sessions/${(await freshSession()).id}/cancel` }),
  'POST /api/admin/users': () => ({
    method: 'POST',
    path: '/api/admin/users',
    body: { firstName: 'Authz', lastName: 'Family', email: `authz-${unique()}@example.com`, password: 'family-pass-1', role: 'PARENT' },
  }),
  'PATCH /api/admin/users/:id': async () => ({ method: 'PATCH', path: `/api/admin/users/${await freshFamily()}`, body: { firstName: 'Renamed' } }),
  'DELETE /api/admin/users/:id': async () => ({ method: 'DELETE', path: `/api/admin/users/${await freshFamily()}` }),
  'POST /api/admin/users/:id/erase': async () => {
    const id = await freshFamily();
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, id));
    return { method: 'POST', path: `/api/admin/users/${id}/erase`, body: { confirm: row!.email } };
  },
  'POST /api/admin/bookings': async () => {
    const { userId, childName } = await freshFamilyWithChild();
    return { method: 'POST', path: '/api/admin/bookings', body: { userId, sessionId: (await freshSession()).id, childNames: [childName] } };
  },
  'GET /api/admin/users/:id': (_caller) => ({ method: 'GET', path: `/api/admin/users/${ctx.actors.parent.userId}` }),
  'GET /api/admin/users/:id/bookings': () => ({ method: 'GET', path: `/api/admin/users/${ctx.actors.parent.userId}/bookings` }),
  'GET /api/admin/users/:id/child-stats': () => ({ method: 'GET', path: `/api/admin/users/${ctx.actors.parent.userId}/child-stats` }),
  'GET /api/admin/sessions/:id/roster': async () => ({ method: 'GET', path: `/api/admin/sessions/${(await freshSession()).id}/roster` }),
  'POST /api/admin/check-in/lookup': async () => {
    const { sessionId, bookingId } = await freshTodayBooking();
    return { method: 'POST', path: '/api/admin/check-in/lookup', body: { sessionId, reference: bookingReference(bookingId) } };
  },
  'POST /api/admin/check-in': async () => {
    const { bookingId, childId } = await freshTodayBooking();
    return { method: 'POST', path: '/api/admin/check-in', body: { bookingId, childId } };
  },
  'POST /api/admin/check-in/undo': async () => {
    const { bookingId, childId } = await freshTodayBooking();
    // Checked in already, so the undo changes something (and is logged).
    await db().update(bookingChildren).set({ checkedInAt: new Date(), checkedInByName: 'Authz' }).where(and(eq(bookingChildren.bookingId, bookingId), eq(bookingChildren.childId, childId)));
    return { method: 'POST', path: '/api/admin/check-in/undo', body: { bookingId, childId } };
  },
  'GET /api/admin/sessions/:id/roster/export.csv': async () => ({ method: 'GET', path: `/api/admin/sessions/${(await freshSession()).id}/roster/export.csv` }),
  'POST /api/admin/bookings/:id/cancel': async () => ({ method: 'POST', path: `/api/admin/bookings/${await freshBooking()}/cancel`, body: {} }),
  'POST /api/admin/bookings/:id/reschedule': async () => ({
    method: 'POST',
    path: `/api/admin/bookings/${await freshBooking()}/reschedule`,
    body: { newSessionId: (await freshSession()).id },
  }),
  'PUT /api/admin/users/:id/change-password': async () => ({
    method: 'PUT',
    path: `/api/admin/users/${await freshFamily()}/change-password`,
    body: { newPassword: 'office-set-1' },
  }),
  'POST /api/admin/users/:id/set-password-link': async () => ({ method: 'POST', path: `/api/admin/users/${await freshFamily()}/set-password-link` }),
  'POST /api/admin/users/import-csv': () => ({ method: 'POST', path: '/api/admin/users/import-csv', form: csvForm() }),
  'POST /api/admin/webhooks': () => ({
    method: 'POST',
    path: '/api/admin/webhooks',
    body: {
      name: `Authz ${unique()}`,
      endpoint: `authz-${unique()}`,
      fieldMappings: JSON.stringify({ email: 'contact.email', firstName: 'contact.firstName', lastName: 'contact.lastName' }),
      secretKey: `secret-${unique()}-${unique()}`,
    },
  }),
  'PUT /api/admin/webhooks/:id': async () => ({ method: 'PUT', path: `/api/admin/webhooks/${await freshWebhook()}`, body: { isActive: false } }),
  'DELETE /api/admin/webhooks/:id': async () => ({ method: 'DELETE', path: `/api/admin/webhooks/${await freshWebhook()}` }),
  'GET /api/admin/webhook-logs/:id': () => ({ method: 'GET', path: `/api/admin/webhook-logs/${ctx.webhookLogId}` }),
  'DELETE /api/admin/webhook-logs': async () => {
    // A delivery of long ago, so each cleaning deletes one (and is logged).
    await db().insert(webhookLogs).values({ endpoint: 'authz-old', method: 'POST', responseStatus: 200, createdAt: new Date(Date.now() - 4000 * 86_400_000) });
    return { method: 'DELETE', path: '/api/admin/webhook-logs', body: { olderThanDays: 3650 } };
  },
  'GET /api/admin/field-mapping-templates/:id': () => ({ method: 'GET', path: `/api/admin/field-mapping-templates/${ctx.templateId}` }),
  'POST /api/admin/field-mapping-templates': () => ({ method: 'POST', path: '/api/admin/field-mapping-templates', body: { name: `Authz ${unique()}`, source: 'authz' } }),
  'PUT /api/admin/field-mapping-templates/:id': async () => ({
    method: 'PUT',
    path: `/api/admin/field-mapping-templates/${await freshTemplate()}`,
    body: { name: `Authz ${unique()}`, source: 'authz' },
  }),
  'DELETE /api/admin/field-mapping-templates/:id': async () => ({ method: 'DELETE', path: `/api/admin/field-mapping-templates/${await freshTemplate()}` }),
  'POST /api/admin/field-mapping-templates/preview': () => ({
    method: 'POST',
    path: '/api/admin/field-mapping-templates/preview',
    body: { samplePayload: '{"contact":{"email":"a@example.com"}}', rules: [{ sourcePath: 'contact.email', targetPath: 'email' }] },
  }),
  'PATCH /api/me/preferences': () => ({ method: 'PATCH', path: '/api/me/preferences', body: { bookingReminders: false } }),
  'PATCH /api/me/guardian': () => ({ method: 'PATCH', path: '/api/me/guardian', body: { copyMe: true } }),
  'PUT /api/me/family/emergency-contacts': () => ({ method: 'PUT', path: '/api/me/family/emergency-contacts', body: { contacts: [] } }),
  'PATCH /api/me/family/children/:childId': async () => {
    const parent = ctx.actors.parent;
    const [child] = await db().select().from(children).where(and(eq(children.familyId, parent.userId!), eq(children.name, parent.childNames[0]!)));
    return { method: 'PATCH', path: `/api/me/family/children/${child!.id}`, body: { needsAttention: false } };
  },
  'POST /api/admin/users/:id/lift-booking-pause': async () => ({
    method: 'POST',
    path: `/api/admin/users/${await freshFamily()}/lift-booking-pause`,
    body: { note: 'Called to explain the missed sessions' },
  }),
  'POST /api/admin/users/:id/makeup-credits': async () => {
    const { userId } = await freshFamilyWithChild();
    const [child] = await db().select().from(children).where(eq(children.familyId, userId));
    return { method: 'POST', path: `/api/admin/users/${userId}/makeup-credits`, body: { childId: child!.id, note: 'Missed a class for a tournament' } };
  },
  'DELETE /api/admin/users/:id/makeup-credits/:creditId': async () => {
    const { userId } = await freshFamilyWithChild();
    const [child] = await db().select().from(children).where(eq(children.familyId, userId));
    const [credit] = await db()
      .insert(makeupCredits)
      .values({ familyId: userId, childId: child!.id, reason: 'OFFICE', note: 'authz', expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: makeupCredits.id });
    return { method: 'DELETE', path: `/api/admin/users/${userId}/makeup-credits/${credit!.id}`, body: { note: 'Granted by mistake' } };
  },
  'POST /api/admin/users/:id/guardians': async () => ({
    method: 'POST',
    path: `/api/admin/users/${await freshFamily()}/guardians`,
    body: { firstName: 'Second', lastName: 'Guardian', email: `authz-guardian-${unique()}@example.com` },
  }),
  'DELETE /api/admin/users/:id/guardians/:guardianId': async () => {
    const familyId = await freshFamily();
    const [second] = await db()
      .insert(users)
      .values({ familyId, email: `authz-second-${unique()}@example.com`, firstName: 'Second', lastName: 'Guardian', role: 'PARENT' })
      .returning({ id: users.id });
    return { method: 'DELETE', path: `/api/admin/users/${familyId}/guardians/${second!.id}` };
  },
  'PATCH /api/admin/users/:id/children/:childId': async () => {
    const { userId } = await freshFamilyWithChild();
    const [child] = await db().select().from(children).where(eq(children.familyId, userId));
    return { method: 'PATCH', path: `/api/admin/users/${userId}/children/${child!.id}`, body: { birthDate: '2016-05-01' } };
  },
  'POST /api/auth/second-factor': () => ({ method: 'POST', path: '/api/auth/second-factor', body: { code: '123456' } }),
  'POST /api/auth/passkey/verify': () => ({ method: 'POST', path: '/api/auth/passkey/verify', body: { response: { id: 'not-a-passkey', type: 'public-key' } } }),
  'POST /api/me/factors/authenticator/confirm': () => ({ method: 'POST', path: '/api/me/factors/authenticator/confirm', body: { code: '000000' } }),
  'POST /api/me/factors/passkeys': () => ({ method: 'POST', path: '/api/me/factors/passkeys', body: { response: { id: 'not-a-passkey', type: 'public-key' } } }),
  'POST /api/admin/users/:id/reset-second-factors': async () => {
    // A family whose guardian has an authenticator app on, so the reset removes something (and is logged).
    const familyId = await freshFamily();
    await db().insert(totpFactors).values({ userId: familyId, secret: 'v1.sealed', confirmedAt: new Date() });
    return { method: 'POST', path: `/api/admin/users/${familyId}/reset-second-factors` };
  },
  'PUT /api/admin/users/:id/emergency-contacts': async () => ({
    method: 'PUT',
    path: `/api/admin/users/${await freshFamily()}/emergency-contacts`,
    body: { contacts: [{ name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' }] },
  }),
  'POST /api/me/calendar-feed': () => ({ method: 'POST', path: '/api/me/calendar-feed' }),
  'GET /api/calendar/:file': async () => {
    // A fresh link of the first parent, made as they would make it (the POST route's 201 is the row above).
    const { token } = await openSignIn(db(), ctx.actors.parent.userId!);
    const res = await sendWithToken(ctx.server.baseUrl, token, { method: 'POST', path: '/api/me/calendar-feed' });
    if (res.status !== 201) throw new Error(`fixture feed link failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { method: 'GET', path: new URL(res.body.url as string).pathname };
  },
  // The defaults again: the sweep changes nothing another test could read.
  'PUT /api/admin/settings/plans': () => ({ method: 'PUT', path: '/api/admin/settings/plans', body: { ONE: 1, TWO: 2, THREE: 3 } }),
  'PUT /api/admin/settings/policies': () => ({ method: 'PUT', path: '/api/admin/settings/policies', body: DEFAULT_POLICIES }),
  'DELETE /api/me/sessions/:id': async () => ({ method: 'DELETE', path: `/api/me/sessions/${(await openSignIn(db(), ctx.actors.parent.userId!, 'another device')).id}` }),
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** The default request of a route: each `:param` a random uuid, a wildcard a plain segment, writes `{}`. */
const defaultRequest = (key: string): SweepRequest => {
  const [method, url] = key.split(' ') as [string, string];
  return { method, path: url.replace(/:[^/]+/g, () => randomUUID()).replace(/\*/g, 'anything'), body: WRITES.has(method) && method !== 'DELETE' ? {} : undefined };
};

/** Sends one route's request as one caller, on a sign-in of its own. */
async function call(key: string, caller: Caller): Promise<SweepResponse> {
  const actor = ctx.actors[caller];
  const request = (await REQUESTS[key]?.(caller, actor)) ?? defaultRequest(key);
  const token = actor.userId ? (await openSignIn(db(), actor.userId)).token : null;
  return sendWithToken(ctx.server.baseUrl, token, request);
}

const { server } = withApi();
beforeAll(async () => {
  const database = server.database.db;
  const userIdOf = async (email: string) => (await database.query.users.findFirst({ where: (u, { eq: eq_ }) => eq_(u.email, email) }))!.id;
  const parent = await createParent(database, [['Ada', 7], ['Bo', 7], ['Cy', 7], ['Di', 7]], 'authz-parent');
  const otherParent = await createParent(database, [['Eve', 7]], 'authz-other');
  const loginTarget = await createParent(database, [], 'authz-login');
  // A coach (issue 34): an account of the office's kind, with the COACH role.
  const coach = await createParent(database, [], 'authz-coach');
  await database.update(users).set({ role: 'COACH' }).where(eq(users.id, coach.id));
  // Open to every child: the callers' children have no date of birth or sex recorded (issue 31 would ask for them).
  const classType = await createClassType(database);
  ctx = {
    server,
    classTypeId: classType.id,
    webhookLogId: '',
    templateId: '',
    loginTarget: { email: loginTarget.email, password: loginTarget.password },
    actors: {
      anonymous: { userId: null, email: '', password: '', childNames: [] },
      parent: { userId: parent.id, email: parent.email, password: parent.password, childNames: ['Ada', 'Bo', 'Cy', 'Di'] },
      otherParent: { userId: otherParent.id, email: otherParent.email, password: otherParent.password, childNames: ['Eve'] },
      coach: { userId: coach.id, email: coach.email, password: coach.password, childNames: [] },
      admin: { userId: await userIdOf('admin@example.com'), email: 'admin@example.com', password: 'admin-demo-1', childNames: [] },
      superAdmin: { userId: await userIdOf('owner@example.com'), email: 'owner@example.com', password: 'owner-demo-1', childNames: [] },
    },
  };
  // A signed delivery in the log (so latest-payload has one) and a template, for the routes that read one by id.
  const delivery = JSON.stringify({
    event: 'plan.purchased',
    contact: { id: 'crm-authz', email: `authz-crm-${unique()}@example.com`, firstName: 'Crm', lastName: 'Family' },
    plan: { tier: 'TWO' },
    children: [{ name: 'Crm Kid', weeklyLimit: 2 }],
  });
  const signature = signWebhook(DEMO_WEBHOOK_SECRET, delivery, Math.floor(Date.now() / 1000));
  const received = await sendWithToken(server.baseUrl, null, {
    method: 'POST',
    path: '/api/webhooks/crm-plans',
    body: delivery,
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
  });
  expect(received.status, JSON.stringify(received.body)).toBe(201);
  const [log] = await database.select({ id: webhookLogs.id }).from(webhookLogs).orderBy(desc(webhookLogs.createdAt)).limit(1);
  ctx.webhookLogId = log?.id ?? randomUUID();
  ctx.templateId = await freshTemplate();
}, 120_000);


const appRouteKeys = () => ctx.server.app.apiRoutes.map(routeKey);

/** How many activity entries name `userId` as the actor (none for the anonymous caller). */
async function activityCountOf(userId: string | null): Promise<number> {
  if (!userId) return 0;
  return (await db().select({ id: activityEntries.id }).from(activityEntries).where(eq(activityEntries.actorId, userId))).length;
}
/** The kinds of the entries naming `userId` written after the first `count`, oldest first. */
async function activityKindsSince(userId: string | null, count: number): Promise<string[]> {
  if (!userId) return [];
  const rows = await db().select({ kind: activityEntries.kind }).from(activityEntries).where(eq(activityEntries.actorId, userId)).orderBy(activityEntries.at, activityEntries.id);
  return rows.slice(count).map((row) => row.kind);
}

describe('the authorization matrix covers the route table', () => {
  it('the route table is not empty (the sweep cannot pass on nothing)', () => {
    expect(appRouteKeys().length).toBeGreaterThanOrEqual(40);
  });

  it('every /api route of the app has a row in the matrix (decide who may call a new route)', () => {
    const missing = appRouteKeys().filter((key) => !(key in MATRIX));
    expect(missing, 'routes of the app without a row in MATRIX (authz-matrix.test.ts)').toEqual([]);
  });

  it('every row of the matrix is a route of the app (apart from PENDING_ROUTES)', () => {
    const registered = new Set(appRouteKeys());
    const stale = Object.keys(MATRIX).filter((key) => !registered.has(key) && !PENDING_ROUTES.has(key));
    expect(stale, 'rows in MATRIX for routes the app no longer has').toEqual([]);
  });

  it('every route in PENDING_ROUTES is registered by now (delete it from PENDING_ROUTES once it is)', () => {
    const registered = new Set(appRouteKeys());
    const notYet = [...PENDING_ROUTES].filter((key) => !registered.has(key));
    expect(notYet, 'matrix rows written ahead of routes that are not registered yet').toEqual([]);
  });
});

describe('the activity log knows every change of the admin area (issue 34)', () => {
  it('every /api/admin route that writes has an activity kind, or is listed as changing nothing', () => {
    const writes = appRouteKeys().filter((key) => WRITES.has(key.split(' ')[0]!) && key.split(' ')[1]!.startsWith('/api/admin/'));
    const withoutKind = writes.filter((key) => !ACTIVITY_FREE_ROUTES.includes(key) && activityKindOf(...(key.split(' ') as [string, string])) === 'own');
    expect(writes.length).toBeGreaterThan(30);
    expect(withoutKind, 'admin writes without a kind in src/shared/rules/activity.ts').toEqual([]);
  });

  it('every route the kinds name is a route of the app', () => {
    const registered = new Set(appRouteKeys());
    const named = ACTIVITY_KIND_NAMES.flatMap((kind) => ACTIVITY_KINDS[kind].routes as readonly string[]);
    expect(named.filter((key) => !registered.has(key))).toEqual([]);
    expect(ACTIVITY_FREE_ROUTES.filter((key) => !registered.has(key))).toEqual([]);
  });
});

describe('who may call each route', () => {
  it.each(Object.keys(MATRIX))('%s', async (key) => {
    if (!appRouteKeys().includes(key)) {
      throw new Error(`${key} is in the matrix but not in the app's route table${PENDING_ROUTES.has(key) ? ' (listed in PENDING_ROUTES: not merged yet)' : ''}`);
    }
    const actual = {} as Expected;
    const bodies: Partial<Record<Caller, unknown>> = {};
    const logged: Partial<Record<Caller, string[]>> = {};
    for (const caller of CALLERS) {
      const before = await activityCountOf(ctx.actors[caller].userId);
      const res = await call(key, caller);
      actual[caller] = res.status;
      bodies[caller] = res.body;
      logged[caller] = await activityKindsSince(ctx.actors[caller].userId, before);
    }
    expect(actual, `statuses of ${key}; bodies: ${JSON.stringify(bodies).slice(0, 1500)}`).toEqual(MATRIX[key]);
    // Issue 34: each change a staff member makes is one activity entry of the route's kind; a refusal, a read or
    // anybody else's request leaves none.
    const [method, url] = key.split(' ') as [string, string];
    const changes = WRITES.has(method) && url.startsWith('/api/admin/') && !ACTIVITY_FREE_ROUTES.includes(key);
    const expectedLog = Object.fromEntries(
      CALLERS.map((caller) => {
        const staffChange = changes && ['coach', 'admin', 'superAdmin'].includes(caller) && actual[caller] < 300;
        return [caller, staffChange ? [activityKindOf(method, url)] : []];
      }),
    );
    // A staff member's own account (/api/me): an entry of kind 'own' when an audited row changed (a password), else none.
    if (url.startsWith('/api/me/')) for (const caller of ['coach', 'admin', 'superAdmin'] as const) if (logged[caller]?.length) expectedLog[caller] = ['own'];
    expect(logged, `activity entries written by ${key}`).toEqual(expectedLog);
    // Every refusal is the API's `{ message, code }` (a code of src/shared/error-codes.ts), never a stack or an HTML page.
    for (const caller of CALLERS) {
      if (actual[caller] >= 400) {
        const body = bodies[caller] as { message?: unknown; code?: unknown } | null;
        expect(typeof body?.message, `${key} as ${caller}`).toBe('string');
        expect(isErrorCode(body?.code), `${key} as ${caller}: code ${String(body?.code)}`).toBe(true);
      }
    }
  });
});

describe('a refusal does not depend on the input', () => {
  // Those refused above (401/403) are refused the same way with random ids and an empty body: the guard runs
  // before the input is read, so the answer tells nothing about what the route expects.
  // The refusals are the guards' own words: 401 'Please sign in to continue', 403 'Administrator access required'.
  const GUARD_MESSAGES: Record<number, string> = { 401: 'Please sign in to continue', 403: 'Administrator access required' };
  const GUARD_CODES: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN' };
  // A route with a guard of its own after the folder's (SUPER_ADMIN only) says so in its words, still before the input.
  const ROUTE_GUARD_MESSAGES: Record<string, Record<number, string>> = {
    'POST /api/admin/users/:id/erase': { 403: ERASE_SUPER_ADMIN_ONLY },
    'POST /api/admin/users/:id/reset-second-factors': { 403: RESET_SUPER_ADMIN_ONLY },
  };
  it.each(Object.keys(MATRIX).filter((key) => !PENDING_ROUTES.has(key)))('%s', async (key) => {
    const refused: Partial<Record<Caller, { status: number; message: unknown; code: unknown }>> = {};
    const actual: Partial<Record<Caller, { status: number; message: unknown; code: unknown }>> = {};
    for (const caller of CALLERS) {
      const expected = MATRIX[key]![caller];
      if (expected !== 401 && expected !== 403) continue;
      if (key === 'POST /api/webhooks/:endpoint') continue; // signature, not session: see its row
      // A sign-in step's own answer (no pending sign-in, no passkey), not a guard: it reads its body first.
      if (key === 'POST /api/auth/second-factor' || key === 'POST /api/auth/passkey/verify') continue;
      // Every guard runs at onRequest, before the body, query or params are read: the refusal never depends on them.
      const ownMessage = caller === 'admin' ? ROUTE_GUARD_MESSAGES[key]?.[expected] : undefined;
      refused[caller] = { status: expected, message: ownMessage ?? GUARD_MESSAGES[expected], code: GUARD_CODES[expected] };
      const actor = ctx.actors[caller];
      const token = actor.userId ? (await openSignIn(db(), actor.userId)).token : null;
      const res = await sendWithToken(ctx.server.baseUrl, token, defaultRequest(key));
      actual[caller] = { status: res.status, message: res.body?.message, code: res.body?.code };
    }
    expect(actual, `${key} with random ids and an empty body`).toEqual(refused);
  });
});
