import { addDays } from 'date-fns';
import { startOfTorontoWeek, torontoTime } from '../../shared/rules/week';

// The route tests' pinned week: the server's clock (`withApi({ clock: () => NOW })`) stands on Wednesday
// 2026-11-18 in Toronto, a plain week of November (EST, UTC−5, no clock change near it). The parents' booking
// window is then Monday Nov 16 to Sunday Nov 29; Nov 30 onwards is the week after next.

/** Monday 2026-11-16 00:00 in Toronto, the first day of the pinned week. */
const THIS_MONDAY = startOfTorontoWeek(torontoTime(2026, 11, 18, 12, 0));

/** A Toronto wall-clock time, `day` days after Monday 2026-11-16 (0 = that Monday, 2 = Wednesday the 18th, 7 = Monday the 23rd; negative: before it). */
export function at(day: number, hour: number, minute = 0): Date {
  const d = addDays(THIS_MONDAY, day);
  return new Date(torontoTime(d.getFullYear(), d.getMonth() + 1, d.getDate(), hour, minute).getTime());
}

/** The route tests' clock: Wednesday 2026-11-18 12:00 in Toronto (17:00 UTC). */
export const NOW = at(2, 12);

/** The same Wednesday at 9:00 in Toronto: the clock of the waitlist, eligibility, child-name and reminder tests. */
export const WEDNESDAY_9AM = at(2, 9);

/** The same Wednesday at 21:00 in Toronto (02:00 UTC on the 19th): the office's reports and exports, late in the day. */
export const WEDNESDAY_9PM = at(2, 21);
