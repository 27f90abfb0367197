/** Spec 4, child usage card colour: red at 0 remaining, warning at 1 remaining, otherwise success. */
export type ChildUsageTone = 'danger' | 'warning' | 'success';

export const LIMIT_REACHED = 'Limit reached';

export function childUsageTone(remaining: number): ChildUsageTone {
  if (remaining <= 0) return 'danger';
  if (remaining === 1) return 'warning';
  return 'success';
}

/** '1 of 2 sessions' (singular when the limit is 1). */
export function childUsageSummary(usage: { used: number; limit: number }): string {
  return `${usage.used} of ${usage.limit} ${usage.limit === 1 ? 'session' : 'sessions'}`;
}

/** '1 remaining', or 'Limit reached' at 0 remaining. */
export function childRemainingLabel(remaining: number): string {
  return remaining <= 0 ? LIMIT_REACHED : `${remaining} remaining`;
}
