/**
 * Every entity of spec section 3, from the start: users and their children, class types, training
 * sessions, bookings with the children they cover, sign-in sessions, webhook configurations and logs,
 * field-mapping templates and rules, plus the e-mail outbox and the login throttle.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKED_BY, BOOKING_STATUSES, CHILD_CANCELLATIONS } from '../../shared/schemas/bookings';
import { OFFICE_ACTION_KINDS } from '../../shared/schemas/admin-users';
import { SESSION_STATUSES } from '../../shared/schemas/sessions';
import { WAITLIST_STATUSES } from '../../shared/schemas/waitlist';
import { CHILD_SEXES, PLAN_TIERS } from '../../shared/schemas/users';
import { MAX_EMERGENCY_CONTACTS, PHOTO_CONSENTS } from '../../shared/schemas/family';
import { MAKEUP_CREDIT_REASONS } from '../../shared/schemas/makeup-credits';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The e-mail outbox's states: queued, claimed by a worker, sent, or given up after the last attempt. */
export const EMAIL_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;

/**
 * A CHECK that a text column holds one of `values`: the same list types the column (`text(…, { enum })`)
 * and the shared schemas, so the database, the server and the browser know one set of values.
 */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '))})`;

/**
 * A family (issue 31, decision 027): what its guardians share. Children, bookings, waiting entries, emergency contacts
 * (and issue 32's credits) belong to the family; its guardians are accounts (users rows with family_id). A family made
 * from an account that existed before the families (migration 0024) has that account's id.
 */
export const families = pgTable(
  'families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planTier: text('plan_tier', { enum: PLAN_TIERS }).notNull().default('ONE'),
    /** The create form's single "weekly sessions" value; each child has its own limit too. */
    weeklyLimit: integer('weekly_limit').notNull().default(1),
    crmUserId: text('crm_user_id'),
    /** The CRM's own updatedAt of the last webhook delivery applied: an older delivery arriving late changes nothing. */
    crmUpdatedAt: timestamp('crm_updated_at', { withTimezone: true }),
    /**
     * The signed timestamp (X-Webhook-Signature t=) of the last CRM delivery applied, capped at the instant it was
     * received (a stamp ahead of the server's clock counts as that instant): a replayed older delivery is ignored.
     */
    crmSignedAt: timestamp('crm_signed_at', { withTimezone: true }),
    /** When the server received the last CRM delivery applied (issue 29): one received earlier is ignored. */
    crmReceivedAt: timestamp('crm_received_at', { withTimezone: true }),
    /** The webhook configuration whose delivery created the family; only that CRM may change its guardians' isActive. */
    createdByWebhookId: uuid('created_by_webhook_id').references((): AnyPgColumn => webhookConfigs.id, { onDelete: 'set null' }),
    /** The office's notes about the family (not shown in the app; in the family's own data export: docs/privacy.md). */
    notes: text('notes'),
    /** The family's calendar feed (issue 22): the SHA-256 of its secret token (never the token), and when it was made. */
    calendarFeedHash: text('calendar_feed_hash'),
    calendarFeedCreatedAt: timestamp('calendar_feed_created_at', { withTimezone: true }),
    /**
     * Issue 32, the no-show rule: when the office last lifted the family's booking pause; no-shows of sessions that
     * started before it no longer count towards the pause (null: never lifted).
     */
    bookingPauseLiftedAt: timestamp('booking_pause_lifted_at', { withTimezone: true }),
    /** When the office deactivated the family's guardians (null while active): erased RETENTION_MONTHS after (docs/privacy.md). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when the office deletes the family (every guardian with it): its past bookings stay readable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // One live family per CRM contact; a deleted family gives its CRM id up.
    uniqueIndex('families_crm_user_id_unique').on(t.crmUserId).where(sql`${t.deletedAt} is null`),
    uniqueIndex('families_calendar_feed_unique').on(t.calendarFeedHash),
    check('families_plan_tier_check', oneOf(t.planTier, PLAN_TIERS)),
    check('families_weekly_limit_check', sql`${t.weeklyLimit} between 1 and 7`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * PARENT, ADMIN or SUPER_ADMIN (ROLES); deliberately not an enum nor a CHECK: an account from older data
     * or a CRM may hold another role, and every such role is treated as PARENT (isAdminRole, docs/product-rules.md).
     */
    role: text('role').notNull().default('PARENT'),
    /** The family this account is a guardian of (issue 31); null for staff without children. */
    familyId: uuid('family_id').references((): AnyPgColumn => families.id, { onDelete: 'restrict' }),
    /** The guardian's phone as typed (validated as a phone number, Canada by default: shared/schemas/family.ts). */
    phone: text('phone'),
    /** Copies of the e-mails about what another guardian of the family did (issue 31). */
    copyMe: boolean('copy_me').notNull().default(true),
    /** argon2id; null while the account has not chosen a password yet (a set-password link was sent). */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    /** When the account stopped being an administrator: for 30 days after, another admin cannot set its password. */
    adminRoleEndedAt: timestamp('admin_role_ended_at', { withTimezone: true }),
    /** A reminder e-mail 24 hours before each booked session (issue 21); the guardian switches it in the user menu. */
    bookingReminders: boolean('booking_reminders').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when the office deletes the account: it can no longer sign in and leaves the users list, but its past bookings stay readable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A deleted account's e-mail can be used again for a new one.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    // The users search (services/users/list-users.ts) matches '%term%' against exactly this expression.
    index('users_search_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`),
    index('users_role_idx').on(t.role),
    index('users_family_idx').on(t.familyId),
  ],
);

/** Children are their own rows (up to four per parent, slot 1..4), each with a weekly limit. */
export const children = pgTable(
  'children',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /**
     * Issue 29: the name as names are compared (src/shared/rules/child-name.ts), computed by the database
     * (src/server/db/functions/portal_child_name_key.sql) on every write: a booking finds a child by it, and it is unique per family.
     */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`portal_child_name_key("children"."name")`),
    weeklyLimit: integer('weekly_limit').notNull().default(1),
    /** Optional (issue 22): when known, booking a class outside its age range is refused (age on the session's Toronto date). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** Optional (issue 22): 'F' or 'M'; when known, a girls-only class refuses 'M'. Shown only to the office and the family. */
    sex: text('sex', { enum: CHILD_SEXES }),
    /** Issue 31: allergies, conditions, medication, as the family or the office wrote them; read only by them and the door. */
    medicalNotes: text('medical_notes'),
    /** The notes need attention at the door (the roster and check-in show a flag, the notes on tap). */
    needsAttention: boolean('needs_attention').notNull().default(false),
    /** GIVEN or REFUSED; null until asked. */
    photoConsent: text('photo_consent', { enum: PHOTO_CONSENTS }),
    createdAt: createdAt(),
    /** Set when the office removes the child: the row stays so the child's past bookings remain readable. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('children_family_position_unique').on(t.familyId, t.position).where(sql`${t.removedAt} is null`),
    uniqueIndex('children_family_name_unique').on(t.familyId, t.nameKey).where(sql`${t.removedAt} is null`),
    index('children_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('children_position_check', sql`${t.position} between 1 and 4`),
    check('children_weekly_limit_check', sql`${t.weeklyLimit} between 1 and 7`),
    check('children_sex_check', oneOf(t.sex, CHILD_SEXES)),
    check('children_photo_consent_check', oneOf(t.photoConsent, PHOTO_CONSENTS)),
  ],
);

export const classTypes = pgTable(
  'class_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    girlsOnly: boolean('girls_only').notNull().default(false),
    /** What a new session of this class starts with (issue 33): the session form and bulk scheduling's defaults. */
    defaultCapacity: integer('default_capacity').notNull().default(50),
    defaultLocation: text('default_location').notNull().default('Main Gym'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('class_types_code_unique').on(t.code),
    check('class_types_default_capacity_check', sql`${t.defaultCapacity} between 1 and 100`),
  ],
);

/** Training sessions (spec "Session"). bookedCount is kept in step with confirmed booking children. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classTypeId: uuid('class_type_id')
      .notNull()
      .references(() => classTypes.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull().default(50),
    location: text('location').notNull().default('Main Gym'),
    bookedCount: integer('booked_count').notNull().default(0),
    /** Children waiting for a spot (WAITING waitlist entries, each child counted), kept in step like bookedCount. */
    waitlistCount: integer('waitlist_count').notNull().default(0),
    /** SCHEDULED, or CANCELLED by the office (its bookings are cancelled with it). */
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('SCHEDULED'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sessions_starts_at_idx').on(t.startsAt),
    index('sessions_class_type_starts_at_idx').on(t.classTypeId, t.startsAt),
    check('sessions_capacity_check', sql`${t.capacity} between 1 and 100`),
    check('sessions_waitlist_count_check', sql`${t.waitlistCount} >= 0`),
    check('sessions_booked_count_check', sql`${t.bookedCount} >= 0 and ${t.bookedCount} <= ${t.capacity}`),
    check('sessions_time_order_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('sessions_status_check', oneOf(t.status, SESSION_STATUSES)),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'restrict' }),
    /** The guardian who booked (issue 31); null when the office booked, or for bookings older than the families. */
    bookedByUserId: uuid('booked_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    /** CONFIRMED or CANCELLED; a reschedule moves the booking in place and keeps it CONFIRMED. */
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('CONFIRMED'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** iCalendar SEQUENCE of the booking's event: raised each time its time or place changes or it is cancelled. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** FAMILY, or OFFICE when an administrator booked for the family (issue 19). */
    bookedBy: text('booked_by', { enum: BOOKED_BY }).notNull().default('FAMILY'),
    /** The administrator who booked for the family (their name is kept too, should the account go). */
    bookedByAdminId: uuid('booked_by_admin_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    bookedByAdminName: text('booked_by_admin_name'),
    /** The office's note on a booking it made (required when it overrode a weekly limit); never shown to the family. */
    officeNote: text('office_note'),
    /**
     * When the booking took its place in its current session (made, promoted, or moved there by a reschedule):
     * only a booking placed before its session's start − 24 h gets the reminder (migration 0015).
     */
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_family_idx').on(t.familyId, t.createdAt),
    index('bookings_session_idx').on(t.sessionId, t.status),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_booked_by_check', oneOf(t.bookedBy, BOOKED_BY)),
  ],
);

/** What the office did for a family (issue 19): each booking, cancellation, reschedule and deletion, by whom and when. */
export const OFFICE_ACTIONS = OFFICE_ACTION_KINDS;
export const officeActions = pgTable(
  'office_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    action: text('action', { enum: OFFICE_ACTIONS }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    note: text('note'),
    /** What the action was about, as it read then: class, time, children, the override. */
    details: jsonb('details').notNull().default({}),
    /** The moment of the action itself (several in one transaction keep their order). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('office_actions_family_idx').on(t.familyId, t.createdAt), check('office_actions_action_check', oneOf(t.action, OFFICE_ACTIONS))],
);

/** The children a booking covers: one spot each. */
export const bookingChildren = pgTable(
  'booking_children',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'restrict' }),
    /** The child's name when booked (the booking keeps it if the child is renamed). */
    childName: text('child_name').notNull(),
    position: integer('position').notNull().default(0),
    /** Attendance (issue 22): when the child was checked in at the door, and by which administrator (name kept). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    // No foreign key (the name is kept instead): a key would add a trigger event to every booking's child insert.
    checkedInByAdminId: uuid('checked_in_by_admin_id'),
    checkedInByName: text('checked_in_by_name'),
    /**
     * Issue 32: when this child's place was cancelled (null: still booked, or a booking that still holds it). A child
     * cancelled alone leaves the booking CONFIRMED for the others; cancelling a booking stamps every child it still
     * held, with the booking's cancelled_at. Spots (sessions.booked_count), weekly usage, rosters and check-in count
     * only the children with no cancelled_at.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** EARLY, LATE or CLOSURE (CHILD_CANCELLATIONS); null while booked, and on rows cancelled before issue 32. */
    cancellation: text('cancellation', { enum: CHILD_CANCELLATIONS }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.childId] }),
    index('booking_children_child_idx').on(t.childId),
    check('booking_children_cancellation_check', oneOf(t.cancellation, CHILD_CANCELLATIONS)),
    check('booking_children_cancelled_check', sql`${t.cancellation} is null or ${t.cancelledAt} is not null`),
  ],
);

/**
 * Issue 32, make-up credits: one per child cancelled before the cut-off or by a closure (while credits are on), or
 * granted by the office. Available while not used, not removed and not expired; a booking that takes a child past
 * its weekly limit uses one (used_booking_id), and cancelling that child before the cut-off gives it back.
 */
export const makeupCredits = pgTable(
  'makeup_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    /** CANCELLATION, CLOSURE or OFFICE (MAKEUP_CREDIT_REASONS). */
    reason: text('reason', { enum: MAKEUP_CREDIT_REASONS }).notNull(),
    /** The booking whose cancellation (or closure) gave the credit. */
    sourceBookingId: uuid('source_booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    /** The office's note when it granted the credit; never shown to the family. */
    note: text('note'),
    grantedByUserId: uuid('granted_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    grantedByName: text('granted_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** The end of the Toronto day `validity days` after it was given: a session starting at or after it cannot use it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The booking whose spot for this child uses the credit (null: available). */
    usedBookingId: uuid('used_booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The office removed the credit (with a note). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByUserId: uuid('removed_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    removedByName: text('removed_by_name'),
    removalNote: text('removal_note'),
  },
  (t) => [
    index('makeup_credits_child_idx').on(t.childId, t.expiresAt).where(sql`${t.usedBookingId} is null and ${t.removedAt} is null`),
    index('makeup_credits_family_idx').on(t.familyId, t.createdAt),
    index('makeup_credits_used_booking_idx').on(t.usedBookingId),
    check('makeup_credits_reason_check', oneOf(t.reason, MAKEUP_CREDIT_REASONS)),
  ],
);

/**
 * Issue 32, closures: days the business is closed (a snow day, Family Day), Toronto dates from start to end. Closing
 * cancels every session of those days (one unit of work); reopening deletes the row (cancelled sessions stay
 * cancelled). Closed days refuse new sessions, and bulk creation skips them.
 */
export const closures = pgTable(
  'closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdByUserId: uuid('created_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [index('closures_end_date_idx').on(t.endDate), check('closures_dates_check', sql`${t.endDate} >= ${t.startDate}`)],
);

/**
 * The waitlist (issue 21, decision 020): a family waiting for a full session with one or more children, in the
 * order they joined. Promotion (src/server/db/functions/portal_promote_waitlist.sql) turns the first entries that fit into
 * bookings in the transaction that freed the spots.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    /** The guardian who joined (issue 31); null when older than the families. */
    joinedByUserId: uuid('joined_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The children waiting, in the order chosen, and their names as they read then. */
    childIds: uuid('child_ids').array().notNull(),
    childNames: text('child_names').array().notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('WAITING'),
    /** The moment of joining: the order of the queue (several joins in one transaction keep their order). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** When the entry stopped waiting (promoted, left, removed, expired). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The booking a promotion made. */
    bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('waitlist_entries_session_idx').on(t.sessionId, t.createdAt).where(sql`${t.status} = 'WAITING'`),
    index('waitlist_entries_family_idx').on(t.familyId, t.status),
    check('waitlist_entries_status_check', oneOf(t.status, WAITLIST_STATUSES)),
    check('waitlist_entries_children_check', sql`cardinality(${t.childIds}) between 1 and 4 and cardinality(${t.childIds}) = cardinality(${t.childNames})`),
  ],
);

/** Sign-in sessions: only the SHA-256 of the cookie token is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** An opaque id for the "signed-in devices" list: never the token or its hash. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [
    uniqueIndex('auth_sessions_id_unique').on(t.id),
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Set-password links: only the SHA-256 of the random 256-bit token is stored. A link works once, until
 * expires_at; issuing a new one for the user marks the older ones used.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull().default('SET_PASSWORD'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_tokens_token_hash_unique').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
    check('password_tokens_purpose_check', sql`${t.purpose} in ('SET_PASSWORD')`),
  ],
);

/**
 * Failed sign-in counters, per account, address and trusted device, shared by every instance; `pending` counts
 * the attempts being checked right now (until `pending_until`, after which a crashed instance's are forgotten).
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  pending: integer('pending').notNull().default(0),
  pendingUntil: timestamp('pending_until', { withTimezone: true }),
});

export const webhookConfigs = pgTable(
  'webhook_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    endpoint: text('endpoint').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    fieldMappings: text('field_mappings').notNull(),
    /** HMAC key for X-Webhook-Signature; shown to the office once, never returned or logged after. */
    secretKey: text('secret_key'),
    /** A template whose rules replace fieldMappings while it is active; a linked template cannot be deleted. */
    templateId: uuid('template_id').references(() => fieldMappingTemplates.id, { onDelete: 'restrict' }),
    triggerCount: integer('trigger_count').notNull().default(0),
    lastTriggered: timestamp('last_triggered', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('webhook_configs_endpoint_unique').on(t.endpoint), index('webhook_configs_template_idx').on(t.templateId)],
);

export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookConfigId: uuid('webhook_config_id').references(() => webhookConfigs.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull(),
    method: text('method').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseMessage: text('response_message'),
    processingTimeMs: integer('processing_time_ms').notNull().default(0),
    ipAddress: text('ip_address'),
    errorDetails: text('error_details'),
    headers: jsonb('headers'),
    body: jsonb('body'),
    mappedData: jsonb('mapped_data'),
    queryParams: jsonb('query_params'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_logs_created_at_idx').on(t.createdAt),
    index('webhook_logs_config_created_idx').on(t.webhookConfigId, t.createdAt),
  ],
);

export const fieldMappingTemplates = pgTable(
  'field_mapping_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    source: text('source').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    samplePayload: text('sample_payload'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('field_mapping_templates_source_idx').on(t.source)],
);

export const fieldMappingRules = pgTable(
  'field_mapping_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => fieldMappingTemplates.id, { onDelete: 'cascade' }),
    sourcePath: text('source_path').notNull(),
    targetPath: text('target_path').notNull(),
    required: boolean('required').notNull().default(false),
    order: integer('order').notNull().default(0),
    transform: text('transform').notNull().default('none'),
    notes: text('notes'),
  },
  (t) => [
    index('field_mapping_rules_template_idx').on(t.templateId, t.order),
    check('field_mapping_rules_transform_check', sql`${t.transform} in ('none', 'trim', 'toLower', 'toUpper')`),
  ],
);

/** Outgoing e-mail: written in the same transaction as the change it reports, sent (and retried) after. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    /**
     * A message written by its template at send time (src/server/mail/templates.ts): the template's name and
     * the facts it renders, as they were when the change committed (a booking's confirmation is rendered by the
     * worker after the commit, not inside the booking's transaction). The rendered subject and bodies are
     * stored with the send. Without a template, the subject and bodies are written with the row.
     */
    template: text('template'),
    templateData: jsonb('template_data'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments'),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The claim of a message being sent (status SENDING): the e-mail worker that holds it (a random id per worker,
     * mail/email-worker.ts) and until when, by the database's clock. The holder renews it every few seconds while
     * its send is alive; a claim that runs out (its instance died) is taken by another worker.
     */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * Values the bodies name as {{key}} placeholders and that must not outlive the send (a set-password
     * token): substituted by the worker at send time, cleared once the message is sent.
     */
    secrets: jsonb('secrets').$type<Record<string, string>>(),
    /**
     * The booking a reminder is for (issue 21): a reminder is a row due 24 hours before the session, one per
     * booking (the unique index), deleted when the booking is cancelled, moved when it is rescheduled.
     */
    bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    // The unsent messages to one address, oldest first (the claim sends them in that order: EmailWorker).
    index('email_outbox_unsent_address_idx')
      .on(t.toAddress, t.createdAt)
      .where(sql`${t.status} in ('PENDING', 'SENDING') and ${t.template} is distinct from 'booking-reminder'`),
    // One reminder per booking and guardian (issue 31: the guardian who booked, and each other with copies on).
    uniqueIndex('email_outbox_reminder_unique').on(t.bookingId, t.toAddress).where(sql`${t.template} = 'booking-reminder'`),
    check('email_outbox_status_check', oneOf(t.status, EMAIL_STATUSES)),
    check('email_outbox_content_check', sql`${t.template} is not null or (${t.subject} is not null and ${t.textBody} is not null)`),
  ],
);

/**
 * Answers of repeatable writes (book, cancel, reschedule) by Idempotency-Key, per user, for 24 hours: a
 * repeat with the same key and body gets the stored answer again and changes nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Devices that signed into an account before (a long-lived HttpOnly cookie holding a random token; only its
 * SHA-256 is stored): a correct password from such a device passes the per-account sign-in lock.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId), index('trusted_devices_expires_idx').on(t.expiresAt)],
);

/**
 * Periodic jobs shared by every instance: an instance runs a job only when its conditional update of
 * last_run_at succeeds, so a daily job runs once a day across all instances.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/** A family's emergency contacts (issue 31): up to three, in order; read only by the family and the office. */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    /** As typed (validated as a phone number). */
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('emergency_contacts_family_position_unique').on(t.familyId, t.position),
    check('emergency_contacts_position_check', sql`${t.position} between 1 and ${sql.raw(String(MAX_EMERGENCY_CONTACTS))}`),
  ],
);

/**
 * The business's settings the office changes (issue 31's plan tiers, issue 32's policies): one row per setting, its
 * value checked by the setting's schema (shared/schemas) on every write and read; a missing row is
 * the setting's default.
 */
export const businessSettings = pgTable('business_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A family erased (issue 31, docs/privacy.md): who erased it and when, and how many bookings stayed as anonymous counts;
 * no personal data (the family's id is not kept either).
 */
export const familyErasures = pgTable('family_erasures', {
  id: uuid('id').primaryKey().defaultRandom(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  /** The SUPER_ADMIN who erased it; null when the retention job did. */
  erasedByUserId: uuid('erased_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  erasedByName: text('erased_by_name'),
  reason: text('reason').notNull(),
  bookingsKept: integer('bookings_kept').notNull().default(0),
});

/**
 * The activity log (issue 34, decision 030): one entry per unit of work in which a staff member changed data, written
 * in that transaction by the database (src/server/db/functions/portal_activity_capture.sql notes each row change of
 * the audited tables, portal_activity_flush.sql writes the entry before the commit). Append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE except in the retention job and a family's erasure (portal_activity_append_only.sql).
 * No foreign keys: an entry outlives what it names, and a key's ON DELETE would have to change it.
 */
export const activityEntries = pgTable(
  'activity_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorId: uuid('actor_id').notNull(),
    /** The role and the name as they were at the time of the change. */
    actorRole: text('actor_role').notNull(),
    actorName: text('actor_name').notNull(),
    /** What was done (src/shared/rules/activity.ts, by route). */
    kind: text('kind').notNull(),
    /** The first row changed: its table and id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Every family and session the stored changes touch (the filters use them). */
    familyIds: uuid('family_ids').array().notNull().default(sql`'{}'::uuid[]`),
    sessionIds: uuid('session_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The row changes, each { table, op, id, family, session, fields: [{ field, before, after } | { field, redacted }] }. */
    changes: jsonb('changes').notNull(),
    /** How many rows changed (the first ACTIVITY_STORED_CHANGES are stored). */
    changeCount: integer('change_count').notNull(),
    /** The client's address (the proxy's X-Forwarded-For when TRUST_PROXY is set). */
    address: text('address'),
  },
  (t) => [
    index('activity_entries_at_idx').on(t.at, t.id),
    index('activity_entries_actor_idx').on(t.actorId, t.at),
    index('activity_entries_families_idx').using('gin', t.familyIds),
    index('activity_entries_sessions_idx').using('gin', t.sessionIds),
    check('activity_entries_kind_check', sql`char_length(${t.kind}) between 1 and 80`),
  ],
);

/**
 * Issue 34, second factors (decision 030): a passkey (WebAuthn credential) of an account. The credential id and public
 * key are what the authenticator gave (base64url); the public key is not a secret but is never sent back either.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for those that keep none): a lower one than stored is refused. */
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** What the person calls it ('Pixel 8', 'Office laptop'). */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * An account's authenticator app (TOTP, RFC 6238): its secret encrypted (services/second-factor/secret-box.ts), on
 * once confirmed with a first code; the last time step used, so a code is accepted once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: integer('last_time_step'),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per account (shown once): their HMAC, and when each was used. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * A sign-in halfway (issue 34): the password was right, the second factor is to come. The browser holds the token in a
 * short-lived HttpOnly cookie; only its SHA-256 is stored. A few wrong codes end it.
 */
export const pendingSignIns = pgTable('pending_sign_ins', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A WebAuthn challenge handed to a browser (registering a passkey, or signing in with one), used once. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  challenge: text('challenge').notNull(),
  /** REGISTER (the account adding a passkey) or SIGN_IN. */
  purpose: text('purpose').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
