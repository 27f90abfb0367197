import { z } from 'zod';

export const ROLES = ['PARENT', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const PLAN_TIERS = ['ONE', 'TWO', 'THREE'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** Spec 9: children per user, weekly child limit. */
export const MAX_CHILDREN = 4;
export const MIN_WEEKLY_LIMIT = 1;
export const MAX_WEEKLY_LIMIT = 7;
export const DEFAULT_WEEKLY_LIMIT = 1;

export const CHILD_SLOTS = ['first', 'second', 'third', 'fourth'] as const;

export const weeklyLimit = z.coerce
  .number()
  .int('Weekly limit must be a whole number')
  .min(MIN_WEEKLY_LIMIT, 'Weekly limit must be at least 1')
  .max(MAX_WEEKLY_LIMIT, 'Weekly limit cannot exceed 7');

export interface Child {
  name: string;
  weeklyLimit: number;
}

/** GET /api/me: the signed-in user. Never carries a password hash. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  planTier: PlanTier;
  weeklyLimit: number;
  /** Confirmed spots the user's children hold in the current Toronto week. */
  usedThisWeek: number;
  children: Child[];
  firstChildName: string | null;
  secondChildName: string | null;
  thirdChildName: string | null;
  fourthChildName: string | null;
  firstChildWeeklyLimit: number | null;
  secondChildWeeklyLimit: number | null;
  thirdChildWeeklyLimit: number | null;
  fourthChildWeeklyLimit: number | null;
}
