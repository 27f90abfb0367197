import { z } from 'zod';
import { isStaffRole } from '../rules/roles';
import { CHILD_FIELDS, childDto, childSlotShapeOf, type ChildField } from './children';
import { secondFactorNeeded } from './second-factor';

// The list type of children and its slots live in children.ts; these names are kept here for the code that imports them.
export { CHILD_SEXES, childDto, MAX_CHILDREN, type Child, type ChildSex } from './children';

export const ROLES = ['PARENT', 'COACH', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const PLAN_TIERS = ['ONE', 'TWO', 'THREE'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** Spec 9: weekly child limit. */
export const MIN_WEEKLY_LIMIT = 1;
export const MAX_WEEKLY_LIMIT = 7;
export const DEFAULT_WEEKLY_LIMIT = 1;

export const weeklyLimit = z
  .number({ error: 'Weekly limit must be a whole number' })
  .int('Weekly limit must be a whole number')
  .min(MIN_WEEKLY_LIMIT, 'Weekly limit must be at least 1')
  .max(MAX_WEEKLY_LIMIT, 'Weekly limit cannot exceed 7');

/** A role as the API shows it: any role other than the staff's (COACH, ADMIN, SUPER_ADMIN) is a parent (spec 6). */
export function apiRole(role: string): Role {
  return isStaffRole(role) ? (role as 'COACH' | 'ADMIN' | 'SUPER_ADMIN') : 'PARENT';
}

/**
 * Spec 3: the flat child fields of the API (firstChildName … fourthChildSex: each slot's child's fields, null when the
 * slot is empty), derived from the list type (children.ts); the children themselves are rows, one per slot 1–4.
 */
export const childSlotShape = childSlotShapeOf(
  Object.fromEntries(CHILD_FIELDS.map((field) => [field, childDto.shape[field].nullable()])) as {
    [F in ChildField]: z.ZodNullable<(typeof childDto.shape)[F]>;
  },
  'by-field',
);
export type ChildSlotFields = { [K in keyof typeof childSlotShape]: z.infer<(typeof childSlotShape)[K]> };

/** Who an account is, as every user response shows it (the role as the API sees it: see apiRole). */
export const userIdentityShape = {
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  planTier: z.enum(PLAN_TIERS),
  weeklyLimit: z.number().int(),
};

/** A guardian of a family (issue 31) as the family and the office see them. `isYou` marks the signed-in guardian. */
export const guardianDto = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Copies of the e-mails about what another guardian did (confirmations, changes, reminders, promotions). */
  copyMe: z.boolean(),
  /** False until the guardian has chosen a password through their set-password link. */
  hasPassword: z.boolean(),
  isYou: z.boolean(),
});
export type Guardian = z.infer<typeof guardianDto>;

/**
 * Issue 32, the no-show rule (rules/attendance.ts bookingPauseOf): the family's online booking is paused after
 * `noShows` no-shows of the last 30 days (the policy's `limit` reached); null when it is not.
 */
export const bookingPauseDto = z.object({ noShows: z.number().int(), limit: z.number().int() });

/** GET /api/me: the signed-in user. Never carries a password hash (the schema drops any field not listed). */
export const currentUserDto = z.object({
  ...userIdentityShape,
  /** Confirmed spots the user's children hold in the current Toronto week. */
  usedThisWeek: z.number().int(),
  children: z.array(childDto),
  /** Whether the parent gets an e-mail 24 hours before each booked session (issue 21; the user menu switches it). */
  bookingReminders: z.boolean(),
  /** Issue 31: the family's guardians (the signed-in one marked isYou), first added first; empty without a family. */
  guardians: z.array(guardianDto),
  /** Issue 32: the family's online booking paused by the no-show rule (null: not paused; absent from older servers). */
  bookingPause: bookingPauseDto.nullable().optional(),
  ...childSlotShape,
});
export type CurrentUser = z.infer<typeof currentUserDto>;

export const loginResponse = z.union([z.object({ user: currentUserDto }), secondFactorNeeded]);
