import type { PlanLimits } from '../schemas/settings';
import type { PlanTier } from '../schemas/users';

/**
 * What a plan gives (issue 31, Settings → Plans): each tier's weekly sessions per child, as the office sets them.
 * The office's users table and family page say it; the CRM and the CSV import give it to a child whose own limit
 * they leave out. The parents' user menu keeps the spec's 'Plan: two' (roles.ts roleLine).
 */

/** The weekly limit a child of a family on `tier` gets when nothing names a limit of the child's own. */
export const weeklyLimitOfPlan = (tier: PlanTier, limits: PlanLimits): number => limits[tier];

/** '1 session a week', '3 sessions a week'. */
export const sessionsAWeek = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'} a week`;

/** 'Plan TWO · 2 sessions a week per child'; just 'Plan TWO' while the plans' settings are not known. */
export function planAllowance(tier: PlanTier, limits: PlanLimits | null | undefined): string {
  return limits ? `Plan ${tier} · ${sessionsAWeek(weeklyLimitOfPlan(tier, limits))} per child` : `Plan ${tier}`;
}
