import type { AdminUserDto } from '../../../../shared/schemas/admin-users';
import { MIN_WEEKLY_LIMIT } from '../../../../shared/schemas/users';

export { fullName } from '../../../../shared/rules/format';

export { ROLE_LABELS } from '../../../../shared/rules/roles';

/** Spec 2, Users tab: the Children column, names joined by commas, or 'No children'. */
export function childrenText(user: Pick<AdminUserDto, 'children'>): string {
  return user.children.length > 0 ? user.children.map((child) => child.name).join(', ') : 'No children';
}

/** Spec 2: a limit typed into a number input; anything that is not a number falls back to 1. */
export function weeklyLimitFromInput(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : MIN_WEEKLY_LIMIT;
  const text = typeof value === 'string' ? value.trim() : '';
  const number = Number(text);
  return text === '' || !Number.isFinite(number) ? MIN_WEEKLY_LIMIT : number;
}
