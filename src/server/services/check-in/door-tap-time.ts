import { DOOR_TAP_MAX_AGE_HOURS } from '../../../shared/schemas/check-in';

/**
 * The instant a tap at the door counts from (issue 34): a tap queued on a device without network arrives later and
 * says when it was made. The server believes it only within DOOR_TAP_MAX_AGE_HOURS before now (never ahead of now);
 * anything else is the moment it arrived. The check-in's day is that instant's Toronto day, so a tap at 23:50 sent
 * after midnight still belongs to its session.
 */
export function doorTapTime(tappedAt: string | undefined, now: Date): Date {
  if (!tappedAt) return now;
  const at = new Date(tappedAt);
  const age = now.getTime() - at.getTime();
  return Number.isNaN(at.getTime()) || age < 0 || age > DOOR_TAP_MAX_AGE_HOURS * 3_600_000 ? now : at;
}
