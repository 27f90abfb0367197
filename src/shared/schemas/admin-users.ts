import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth';
import { dateRangeQuery, fromNotAfterTo, isoInstant } from './dates';
import { adminWaitlistEntryDto } from './waitlist';
import { hasNoControlCharacters, hasNoControlCharactersExceptLines, notAllowedCharacters } from './text';
import { email, firstName, lastName } from './person-fields';
import { familyResponse, GUARDIAN_IMPORT_FIELDS } from './family';
import { childNamesClashMessage, firstRepeatedChildName } from '../rules/child-name';
import { CHILD_IMPORT_FIELDS, createChildSlotShape, updateChildSlotShape, weeklyLimitInput } from './child-fields';
import { childSlotFieldAt, namedChildren, slotsToChildren, type ChildSlotField } from './children';
import { bookingPauseDto, childDto, childSlotShape, DEFAULT_WEEKLY_LIMIT, PLAN_TIERS, userIdentityShape } from './users';
import { MAX_OFFICE_NOTE } from './bookings';
import { officeMakeupCreditDto } from './makeup-credits';

export { weeklyLimitInput } from './child-fields';
export { email, firstName, lastName } from './person-fields';
export { setPasswordBody, setPasswordForm, setPasswordLinkResponse, type SetPasswordForm } from './set-password';

/**
 * The admin users tab, the CSV import and the set-password links (spec 2, 3, 5, 6, 7). Kept apart from
 * users.ts so the parent screens never load these schemas.
 */

/**
 * Spec 6: roles the office can give through the API; SUPER_ADMIN is never granted. COACH (issue 34) is a recorded
 * departure from the spec's two roles (docs/decisions/030-staff-trust.md).
 */
export const ASSIGNABLE_ROLES = ['PARENT', 'COACH', 'ADMIN'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Spec 9: the users table shows 25, 50 or 100 rows a page. */
export const MAX_USERS_PAGE_SIZE = 100;

/** A set-password link is valid this long (and only once). */
export const SET_PASSWORD_LINK_HOURS = 72;

/** Spec 5: optional; at least 6 characters when given. Blank means the family chooses their own through a link. */
const password = z
  .string()
  .max(200, 'Password is too long')
  .refine(hasNoControlCharacters, notAllowedCharacters('Password'))
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || value.length >= MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters');
const role = z.enum(ASSIGNABLE_ROLES, { error: 'Role is required' });
const planTier = z.enum(PLAN_TIERS, { error: 'Plan tier must be ONE, TWO or THREE' });

/**
 * Children of one family need names that read differently (issue 29: compared by their key, src/shared/rules/child-name.ts,
 * as the database compares them): the issue sits on the later of the two slots and names both spellings.
 */
const distinctChildNames = (form: { [K in ChildSlotField<'name'>]?: string | null }, ctx: z.RefinementCtx) => {
  const named = namedChildren(slotsToChildren(form));
  const clash = firstRepeatedChildName(named.map((child) => child.name));
  if (!clash) return;
  const position = named.filter((child) => child.name === clash[1]).at(-1)?.position ?? 2;
  ctx.addIssue({ code: 'custom', message: childNamesClashMessage(clash), path: [childSlotFieldAt(position, 'name')] });
};

/** POST /api/admin/users (spec 5, user form: create). */
export const createUserBody = z
  .object({
    firstName,
    lastName,
    email,
    password,
    role: role.default('PARENT'),
    planTier: planTier.default('ONE'),
    /** The create form's single "weekly sessions" value (1–7). */
    weeklyLimit: weeklyLimitInput.default(DEFAULT_WEEKLY_LIMIT),
    ...createChildSlotShape,
  })
  .superRefine(distinctChildNames);
export type CreateUserInput = z.input<typeof createUserBody>;
export type CreateUserBody = z.output<typeof createUserBody>;

/**
 * PATCH /api/admin/users/:id: every field optional. A child slot's name set to a name renames (or adds) that
 * child and keeps their bookings; set to '' or null it removes the child. A limit alone changes the limit.
 * A date of birth or sex (issue 22) left out keeps what is recorded; '' or null clears it; a value sets it.
 * isActive switches the account on or off (deactivating ends its sign-in sessions).
 */
export const updateUserBody = z
  .object({
    firstName: firstName.optional(),
    lastName: lastName.optional(),
    email: email.optional(),
    role: role.optional(),
    planTier: planTier.optional(),
    weeklyLimit: weeklyLimitInput.optional(),
    /** The Active switch: a JSON true or false only (never "false", 0 or 1). */
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    ...updateChildSlotShape,
  })
  .superRefine(distinctChildNames);
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UpdateUserBody = z.output<typeof updateUserBody>;

/** GET /api/admin/users (spec 7). */
export const listUsersQuery = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_USERS_PAGE_SIZE, `limit cannot exceed ${MAX_USERS_PAGE_SIZE}`)
    .default(25),
  search: z
    .string()
    .trim()
    .max(100, 'Search text cannot exceed 100 characters')
    .refine(hasNoControlCharacters, notAllowedCharacters('Search text'))
    .optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

/** A user as the admin screens see it (spec 3, User): the flat child fields plus the child rows. Never a hash. */
export const adminUserDto = z.object({
  ...userIdentityShape,
  /** False while the family has not chosen a password yet (a set-password link is pending). */
  passwordSet: z.boolean(),
  /** False for a deactivated account: it cannot sign in (the users table says 'Inactive'). */
  isActive: z.boolean(),
  children: z.array(childDto.extend({ id: z.string() })),
  ...childSlotShape,
  createdAt: isoInstant,
});
export type AdminUserDto = z.infer<typeof adminUserDto>;

/**
 * A row of the users table: the account, and (issue 22) how many of its confirmed bookings were no-shows
 * (nobody checked in) in sessions that started in the last 30 days (rules/attendance.ts).
 */
export const adminUserListItem = adminUserDto.extend({
  noShows30d: z.number().int(),
  /** Issue 32: the family's online booking is paused by the no-show rule (absent from older servers: not paused). */
  bookingPaused: z.boolean().optional(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItem>;

/** Spec 3, user list response. */
export const usersListResponse = z.object({
  users: z.array(adminUserListItem),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type UsersListResponse = z.infer<typeof usersListResponse>;

/** PUT /api/admin/users/:id/change-password (spec 5: required, at least 6 characters). */
export const adminChangePasswordBody = z.object({
  newPassword: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters')
    .max(200, 'Password is too long')
    .refine(hasNoControlCharacters, notAllowedCharacters('Password')),
});

/** Spec 9: CSV files up to 10 MB; 5 rows previewed; the first 10 errors listed. */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Issue 29: at most 5,000 data rows a file, and at most 500 of them with a password (each costs an argon2id
 * hash, done one at a time: 500 take 10–25 s; a family without one is e-mailed a link to set it).
 */
export const CSV_MAX_ROWS = 5000;
export const CSV_MAX_PASSWORD_ROWS = 500;
export const csvTooManyRows = (max = CSV_MAX_ROWS) =>
  `The CSV file has more than ${max.toLocaleString('en-CA')} rows. Please split it into smaller files.`;
export const csvTooManyPasswords = (max = CSV_MAX_PASSWORD_ROWS) =>
  `The CSV file has more than ${max.toLocaleString('en-CA')} rows with a password. Leave the password blank (each new family is emailed a link to set one) or split the file.`;
/** Spec 9's file messages, read by the browser before a file is sent and answered by the server for one it gets. */
export const CSV_NOT_SELECTED = 'Please select a CSV file';
export const CSV_EMPTY = 'The CSV file appears to be empty';
export const CSV_UNPARSABLE = 'Unable to parse CSV file. Please check the format.';
export const CSV_PREVIEW_ROWS = 5;
export const CSV_ERRORS_LISTED = 10;

/** The account fields a CSV column can be mapped to (email, first and last name are required). */
export const IMPORT_FIELDS = [
  { field: 'email', label: 'Email', required: true },
  { field: 'firstName', label: 'First Name', required: true },
  { field: 'lastName', label: 'Last Name', required: true },
  { field: 'password', label: 'Password', required: false },
  { field: 'planTier', label: 'Plan Tier', required: false },
  { field: 'weeklyLimit', label: 'Weekly Sessions', required: false },
  ...CHILD_IMPORT_FIELDS,
  // Issue 31: the account's phone and a second guardian of the family.
  ...GUARDIAN_IMPORT_FIELDS.map((f) => ({ ...f, required: false as const })),
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number]['field'];
export const IMPORT_FIELD_NAMES = IMPORT_FIELDS.map((f) => f.field) as [ImportField, ...ImportField[]];

export const MAPPING_REQUIRED = 'Please map Email, First Name, and Last Name columns';

/** Which CSV column (by its header) fills each account field; only mapped fields are present. */
export type ImportMapping = Partial<Record<ImportField, string>>;

/**
 * The multipart field columnMapping: JSON of account field → CSV column header. Fields left unmapped may be
 * missing, null or ''. Email, first and last name must be mapped (checked with MAPPING_REQUIRED).
 */
export const columnMapping = z
  .partialRecord(z.enum(IMPORT_FIELD_NAMES), z.string().max(200).refine(hasNoControlCharacters).nullish())
  .transform((mapping) => {
    const mapped: ImportMapping = {};
    for (const [field, header] of Object.entries(mapping) as Array<[ImportField, string | null | undefined]>) {
      const trimmed = header?.trim();
      if (trimmed) mapped[field] = trimmed;
    }
    return mapped;
  });

/** The fields of a mapping that must be mapped but are not. */
export function missingRequiredImportFields(mapping: ImportMapping): ImportField[] {
  return IMPORT_FIELDS.filter((f) => f.required && !mapping[f.field]).map((f) => f.field);
}

/** Spec 3, CSV import result. */
export const csvImportResponse = z.object({
  summary: z.object({
    processed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    errors: z.number().int(),
  }),
  errors: z.array(z.string()),
  /**
   * Issue 33: every row that was not imported (or only in part), as a CSV file: the upload's columns and an 'Error'
   * column saying what to change, to fix and import again. Absent when every row was imported.
   */
  rejectedRowsCsv: z.string().optional(),
});
export type CsvImportResult = z.infer<typeof csvImportResponse>;

/** What the office did for a family (issue 19), newest first, as the family page lists it. */
export const OFFICE_ACTION_KINDS = ['BOOK', 'CANCEL', 'RESCHEDULE', 'DELETE_FAMILY', 'WAITLIST_PROMOTE', 'WAITLIST_REMOVE', 'ADD_GUARDIAN', 'REMOVE_GUARDIAN', 'GRANT_CREDIT', 'REMOVE_CREDIT', 'LIFT_PAUSE'] as const;
export const officeActionDto = z.object({
  id: z.string(),
  action: z.enum(OFFICE_ACTION_KINDS),
  adminName: z.string(),
  note: z.string().nullable(),
  bookingId: z.string().nullable(),
  /** NB- reference of the booking acted on. */
  reference: z.string().nullable(),
  className: z.string().nullable(),
  /** The session's start (a reschedule: the new one) and, for a reschedule, the one it left. */
  startsAt: isoInstant.nullable(),
  previousStartsAt: isoInstant.nullable(),
  childNames: z.array(z.string()),
  overrideWeeklyLimit: z.boolean(),
  createdAt: isoInstant,
});
export type OfficeActionDto = z.infer<typeof officeActionDto>;

/** A child's sessions in one Toronto week against their limit. */
const weekUse = z.object({ weekStart: isoInstant, used: z.number().int(), remaining: z.number().int() });

/** GET /api/admin/users/:id: the account, each child with this and next week's use, and the office's actions. */
export const familyDetailResponse = z.object({
  user: adminUserDto,
  children: z.array(childDto.extend({ id: z.string(), thisWeek: weekUse, nextWeek: weekUse })),
  actions: z.array(officeActionDto),
  /** The family's waiting entries (issue 21), soonest session first. */
  waitlist: z.array(adminWaitlistEntryDto),
  /**
   * The family (issue 31): guardians, the children's profiles, emergency contacts. Optional while the server does
   * not fill it yet; an administrator's account has none.
   */
  family: familyResponse.optional(),
  /** The e-mail the office types to confirm erasing the family (issue 31): its first guardian's; null without a family. */
  firstGuardianEmail: z.string().nullable().optional(),
  /** Issue 32: the family's online booking paused by the no-show rule (null: not paused), with 'Lift pause'. */
  bookingPause: bookingPauseDto.nullable().optional(),
  /** Issue 32: the family's make-up credits available now, soonest end first (the office grants and removes them). */
  makeupCredits: z.array(officeMakeupCreditDto).optional(),
});
export type FamilyDetailResponse = z.infer<typeof familyDetailResponse>;

/** POST /api/admin/users/:id/lift-booking-pause (issue 32): the office's note is required (kept with the action). */
export const LIFT_PAUSE_NOTE_REQUIRED = 'Add a note saying why the pause is lifted';
export const liftBookingPauseBody = z.strictObject(
  {
    note: z
      .string({ error: LIFT_PAUSE_NOTE_REQUIRED })
      .trim()
      .min(1, LIFT_PAUSE_NOTE_REQUIRED)
      .max(MAX_OFFICE_NOTE, `The note cannot exceed ${MAX_OFFICE_NOTE} characters`)
      .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Note')),
  },
  { error: 'The body must be an object with a note' },
);
export type LiftBookingPauseBody = z.infer<typeof liftBookingPauseBody>;

/** GET /api/admin/users/:id/bookings: sessions starting in [from, to] (Toronto days); default the last 90 days on. */
export const FAMILY_PAST_DAYS = 90;
export const familyBookingsQuery = z
  .object({ ...dateRangeQuery })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['to'] });


/** DELETE /api/admin/users/:id?cancelUpcomingBookings=true: cancel the family's upcoming bookings, then delete (issue 19). */
export const deleteUserQuery = z.object({ cancelUpcomingBookings: z.enum(['true', 'false']).optional() });
