import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { startOfTorontoWeek } from '../../../../shared/rules/week';
import type { WaitlistHold } from '../../../../shared/schemas/waitlist';

/** 'this week' when the session is in the current Toronto week, else 'that week' (the session's week). */
export function sessionWeekPhrase(sessionStartsAt: string, now: Date): string {
  return startOfTorontoWeek(sessionStartsAt).getTime() === startOfTorontoWeek(now).getTime() ? 'this week' : 'that week';
}

/**
 * Why automatic promotion passes an entry by (issue 21): 'Maya: 2 of 2 this week — skipped by automatic
 * promotion'; several children are listed one after another. Null when no child is held back.
 */
export function heldBackNote(heldBack: readonly WaitlistHold[], sessionStartsAt: string, now: Date): string | null {
  if (heldBack.length === 0) return null;
  const week = sessionWeekPhrase(sessionStartsAt, now);
  const children = heldBack.map((hold) => `${hold.name}: ${hold.used} of ${hold.limit} ${week}`).join('; ');
  return `${children} — skipped by automatic promotion`;
}

/** When the family joined the waitlist, Toronto time: 'Mon, Nov 23 at 4:05 PM'. */
export const joinedLabel = (createdAt: string) => `${formatShortDate(createdAt)} at ${formatTime(createdAt)}`;

/** 'Mia and Noah', 'Mia, Noah and Ava'. */
export function childList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
