import { addDays } from 'date-fns';
import { startOfTorontoDay, torontoDateKey } from './week';

/** Spec 6: ADMIN and SUPER_ADMIN are administrators; any other role is treated as a parent (COACH aside, below). */
export const ADMIN_ROLES: readonly string[] = ['ADMIN', 'SUPER_ADMIN'];

export function isAdminRole(role: string | null | undefined): boolean {
  return role != null && ADMIN_ROLES.includes(role);
}

/**
 * Issue 34 (docs/decisions/030-staff-trust.md): the staff, administrators and coaches. A coach works the door: the
 * Check-in screen and the rosters of today's and tomorrow's sessions, nothing else of the admin area.
 */
export const STAFF_ROLES: readonly string[] = ['COACH', ...ADMIN_ROLES];

export function isStaffRole(role: string | null | undefined): boolean {
  return role != null && STAFF_ROLES.includes(role);
}

export const isCoachRole = (role: string | null | undefined): boolean => role === 'COACH';

/** What a coach is told asking for a roster of another day (403 COACH_DAY_ONLY). */
export const COACH_DAY_ONLY_MESSAGE = "Coaches see the rosters of today's and tomorrow's sessions only.";

/** Whether a coach may read the roster of a session starting then: today's or tomorrow's, Toronto days (issue 34). */
export function coachSeesRosterOf(startsAt: Date | string, now: Date): boolean {
  const day = torontoDateKey(startsAt);
  return day === torontoDateKey(now) || day === torontoDateKey(addDays(startOfTorontoDay(now), 1));
}

/** Spec 2, Users tab: the Role column and the account's role wherever the office reads it. */
export const ROLE_LABELS: Record<'PARENT' | 'COACH' | 'ADMIN' | 'SUPER_ADMIN', string> = {
  PARENT: 'Parent',
  COACH: 'Coach',
  ADMIN: 'Admin',
  SUPER_ADMIN: 'Super Admin',
};

/** A role as the activity log wrote it then (issue 34): its label, or the stored value for a role no longer known. */
export const roleLabelOf = (role: string): string => (ROLE_LABELS as Record<string, string>)[role] ?? role;

/** Spec 2, user menu: the role line under the full name. */
export function roleLine(user: { role: string; planTier?: string | null }): string {
  if (user.role === 'SUPER_ADMIN') return 'Super Administrator';
  if (user.role === 'ADMIN') return 'Administrator';
  if (user.role === 'COACH') return 'Coach';
  return `Plan: ${(user.planTier ?? '').toLowerCase()}`;
}
