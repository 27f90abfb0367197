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

/** A change to the child in one slot, as far as the plan's limit cares (services' ChildChange). */
interface SlotChange {
  position: number;
  name?: string | null | undefined;
  weeklyLimit?: number | undefined;
}

/**
 * Issue 31: a CRM delivery or a CSV row that sets the family's plan gives each child the plan's weekly sessions,
 * unless it names a limit for that child (an explicit per-child limit wins). `changes` are what the delivery or row
 * asks for, slot by slot (a limit absent: none named); `current` the positions of the family's children now.
 *
 * - `planChanged` (a new family, or the plan differs from the family's): every child, those the changes add and those
 *   already there that the changes leave alone, gets `limit`.
 * - Otherwise (the same plan sent again): only a child the changes add gets it; the children already there keep the
 *   limits the office may have tuned.
 * A slot emptied (a blank name) is left as it is. Answers the changes to write, in slot order.
 */
export function withPlanLimit<C extends SlotChange>(
  changes: readonly C[],
  options: { limit: number; current: readonly number[]; planChanged: boolean },
): Array<C | SlotChange> {
  const { limit, current, planChanged } = options;
  const removing = (change: SlotChange) => change.name !== undefined && !(change.name ?? '').trim();
  const adding = (change: SlotChange) => !current.includes(change.position) && typeof change.name === 'string' && change.name.trim() !== '';
  const out: Array<C | SlotChange> = changes.map((change) => {
    if (change.weeklyLimit !== undefined || removing(change)) return change;
    if (adding(change) || (planChanged && current.includes(change.position))) return { ...change, weeklyLimit: limit };
    return change;
  });
  if (planChanged) {
    for (const position of current) {
      if (!changes.some((change) => change.position === position)) out.push({ position, weeklyLimit: limit });
    }
  }
  return out.sort((a, b) => a.position - b.position);
}
