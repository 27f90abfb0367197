/**
 * Issue 21, the waitlist as a family sees it: when the booking dialog books and when it joins the waitlist, a place in
 * line in words, and why a waiting child is skipped. The server stays the authority (it promotes, under locks); the
 * browser only explains. No runtime import of the zod schemas here: the dashboard and the calendar use these on the
 * first screen (the schemas' constants are passed in by the dialog, which loads them anyway).
 */

/** What the booking dialog's primary button does. */
export type BookingAction = 'book' | 'waitlist';

/**
 * 'waitlist' when the session has no spot for every child chosen (none left, or fewer than chosen), else 'book'.
 * With no child chosen yet the action follows the session: a full one offers the waitlist.
 */
export function bookingActionFor(options: { chosen: number; availableSpots: number }): BookingAction {
  const { chosen, availableSpots } = options;
  if (availableSpots <= 0) return 'waitlist';
  return chosen > availableSpots ? 'waitlist' : 'book';
}

/**
 * Whether a family can still join a session's waitlist: it starts more than `cutoffHours` from now (promotion stops
 * then, WAITLIST_CUTOFF_HOURS on the server).
 */
export function isWaitlistOpen(startsAt: Date | string | number, now: Date | number, cutoffHours: number): boolean {
  return new Date(startsAt).getTime() - new Date(now).getTime() > cutoffHours * 3_600_000;
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st, 22nd, 101st, 111th. */
export function ordinal(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[Math.abs(n) % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** '1st in line', '2nd in line'. */
export const placeInLine = (position: number) => `${ordinal(position)} in line`;

/** How the booking dialog marks a child already waiting for the session: 'On the waitlist (#2)'. */
export const onTheWaitlist = (position: number | null) => (position === null ? 'On the waitlist' : `On the waitlist (#${position})`);

/** The card's marker for a session the family waits for: 'Waitlist #1'. */
export const waitlistBadge = (position: number) => `Waitlist #${position}`;

/** What the booking dialog says before a family joins, in one line. */
export const WAITLIST_PROMISE =
  'If a spot opens, waiting families are booked automatically in the order they joined. A child at their weekly limit then is skipped until one of their sessions that week is cancelled.';

/**
 * Why a waiting entry is skipped for now (one child of its heldBack): 'Maya already has 2 of 2 sessions that week, so
 * this entry is skipped until one of them is cancelled (it keeps its place in line).' The child's pronoun is not
 * known, so the sentence speaks of the entry, which is what is skipped (with every child in it).
 */
export function heldBackSentence(hold: { name: string; limit: number; used: number }): string {
  const sessions = hold.limit === 1 ? 'session' : 'sessions';
  const them = hold.used === 1 ? 'it is' : 'one of them is';
  return `${hold.name} already has ${hold.used} of ${hold.limit} ${sessions} that week, so this entry is skipped until ${them} cancelled (it keeps its place in line).`;
}

/** 'Ava', 'Ava and Leo', 'Ava, Leo and Mia'. */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A waiting entry as the rules need it (a WaitlistEntryDto). */
export interface WaitingEntry {
  sessionId: string;
  childNames: readonly string[];
  status: string;
  position: number | null;
}

/**
 * The family's place in line for each session it waits for (the calendar's 'Waitlist #N'): the first place when two
 * entries of the family wait for the same session (one child joined, then another).
 */
export function waitlistPositionsBySession(entries: readonly WaitingEntry[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (const entry of entries) {
    if (entry.status !== 'WAITING' || entry.position === null) continue;
    const known = positions.get(entry.sessionId);
    if (known === undefined || entry.position < known) positions.set(entry.sessionId, entry.position);
  }
  return positions;
}

/** Each child of the family waiting for one session, with the place of their entry. */
export function waitingChildren(entries: readonly WaitingEntry[], sessionId: string): { name: string; position: number | null }[] {
  return entries
    .filter((entry) => entry.sessionId === sessionId && entry.status === 'WAITING')
    .flatMap((entry) => entry.childNames.map((name) => ({ name, position: entry.position })));
}

/** The toast after joining: 'Ava is 1st in line. We'll book them automatically if a spot opens.' */
export function joinedDescription(entry: { childNames: readonly string[]; position: number | null }): string {
  const who = namesInWords(entry.childNames);
  const verb = entry.childNames.length === 1 ? 'is' : 'are';
  const place = entry.position === null ? 'on the waitlist' : placeInLine(entry.position);
  return `${who} ${verb} ${place}. We'll book automatically if a spot opens and email you.`;
}
