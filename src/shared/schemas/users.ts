import { z } from 'zod';
import { isAdminRole } from '../rules/roles';

export const ROLES = ['PARENT', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const PLAN_TIERS = ['ONE', 'TWO', 'THREE'] as const;
/** A child's recorded sex (issue 22, optional): 'F' (girl) or 'M' (boy); a girls-only class refuses 'M'. */
export const CHILD_SEXES = ['F', 'M'] as const;
export type ChildSex = (typeof CHILD_SEXES)[number];
export type PlanTier = (typeof PLAN_TIERS)[number];

/** Spec 9: children per user, weekly child limit. */
export const MAX_CHILDREN = 4;
export const MIN_WEEKLY_LIMIT = 1;
export const MAX_WEEKLY_LIMIT = 7;
export const DEFAULT_WEEKLY_LIMIT = 1;

export const CHILD_SLOTS = ['first', 'second', 'third', 'fourth'] as const;

export const weeklyLimit = z
  .number({ error: 'Weekly limit must be a whole number' })
  .int('Weekly limit must be a whole number')
  .min(MIN_WEEKLY_LIMIT, 'Weekly limit must be at least 1')
  .max(MAX_WEEKLY_LIMIT, 'Weekly limit cannot exceed 7');

/**
 * A child as their own family (GET /api/me) and the office see them. birthDate ('YYYY-MM-DD') and sex ('F'/'M') are
 * null when not recorded (issue 22); no other family ever reads them (rosters and sessions carry names only).
 */
export const childDto = z.object({
  name: z.string(),
  weeklyLimit: z.number().int(),
  birthDate: z.string().nullable(),
  sex: z.enum(CHILD_SEXES).nullable(),
});
export type Child = z.infer<typeof childDto>;

/** A role as the API shows it: any role other than ADMIN and SUPER_ADMIN is a parent (spec 6). */
export function apiRole(role: string): Role {
  return isAdminRole(role) ? (role as 'ADMIN' | 'SUPER_ADMIN') : 'PARENT';
}

/** Spec 3: the flat child fields of the API (the children themselves are rows, one per slot 1–4). */
export const childSlotShape = {
  firstChildName: z.string().nullable(),
  secondChildName: z.string().nullable(),
  thirdChildName: z.string().nullable(),
  fourthChildName: z.string().nullable(),
  firstChildWeeklyLimit: z.number().int().nullable(),
  secondChildWeeklyLimit: z.number().int().nullable(),
  thirdChildWeeklyLimit: z.number().int().nullable(),
  fourthChildWeeklyLimit: z.number().int().nullable(),
  /** Issue 22: each slot's child's date of birth ('YYYY-MM-DD') and sex ('F'/'M'), null when not recorded (or no child). */
  firstChildBirthDate: z.string().nullable(),
  secondChildBirthDate: z.string().nullable(),
  thirdChildBirthDate: z.string().nullable(),
  fourthChildBirthDate: z.string().nullable(),
  firstChildSex: z.enum(CHILD_SEXES).nullable(),
  secondChildSex: z.enum(CHILD_SEXES).nullable(),
  thirdChildSex: z.enum(CHILD_SEXES).nullable(),
  fourthChildSex: z.enum(CHILD_SEXES).nullable(),
};
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

/** GET /api/me: the signed-in user. Never carries a password hash (the schema drops any field not listed). */
export const currentUserDto = z.object({
  ...userIdentityShape,
  /** Confirmed spots the user's children hold in the current Toronto week. */
  usedThisWeek: z.number().int(),
  children: z.array(childDto),
  /** Whether the parent gets an e-mail 24 hours before each booked session (issue 21; the user menu switches it). */
  bookingReminders: z.boolean(),
  ...childSlotShape,
});
export type CurrentUser = z.infer<typeof currentUserDto>;

export const loginResponse = z.object({ user: currentUserDto });
