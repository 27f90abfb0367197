/** Spec 6: ADMIN and SUPER_ADMIN are administrators; any other role is treated as a parent. */
export const ADMIN_ROLES: readonly string[] = ['ADMIN', 'SUPER_ADMIN'];

export function isAdminRole(role: string | null | undefined): boolean {
  return role != null && ADMIN_ROLES.includes(role);
}

/** Spec 2, Users tab: the Role column and the account's role wherever the office reads it. */
export const ROLE_LABELS: Record<'PARENT' | 'ADMIN' | 'SUPER_ADMIN', string> = { PARENT: 'Parent', ADMIN: 'Admin', SUPER_ADMIN: 'Super Admin' };

/** Spec 2, user menu: the role line under the full name. */
export function roleLine(user: { role: string; planTier?: string | null }): string {
  if (user.role === 'SUPER_ADMIN') return 'Super Administrator';
  if (user.role === 'ADMIN') return 'Administrator';
  return `Plan: ${(user.planTier ?? '').toLowerCase()}`;
}
