import { tzOffset } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from '../product';
import { formatLongDate } from './format';
import { torontoTime } from './week';

/**
 * A Toronto wall-clock time that is not one instant: `skipped` in the spring-forward hour (02:00–02:59 on the
 * second Sunday of March does not exist, the clocks jump from 2:00 to 3:00), `repeated` in the fall-back hour
 * (01:00–01:59 on the first Sunday of November happens twice, once in EDT and once in EST).
 */
export type WallClockProblem = 'skipped' | 'repeated';

const DAY_MS = 86_400_000;

/**
 * Whether a Toronto wall-clock time (month 1-12) is skipped or repeated by a daylight-saving change, or null
 * when it names exactly one instant. Computed from the zone's offsets alone (the machine's zone plays no part):
 * each offset in force the day before or the day after is tried, and it counts when the instant it gives
 * really has that offset in Toronto.
 */
export function torontoWallClockProblem(year: number, month: number, day: number, hour: number, minute: number): WallClockProblem | null {
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(year, month - 1, day);
  asUtc.setUTCHours(hour, minute, 0, 0);
  const wallClock = asUtc.getTime();
  const offsets = new Set([tzOffset(BUSINESS_TIME_ZONE, new Date(wallClock - DAY_MS)), tzOffset(BUSINESS_TIME_ZONE, new Date(wallClock + DAY_MS))]);
  let instants = 0;
  for (const offset of offsets) {
    if (tzOffset(BUSINESS_TIME_ZONE, new Date(wallClock - offset * 60_000)) === offset) instants++;
  }
  return instants === 0 ? 'skipped' : instants > 1 ? 'repeated' : null;
}

/**
 * The refusal of a time that a clock change skips or repeats, naming the time and the day:
 * '02:30 does not exist on Sunday, March 14, 2027 (the clocks go forward that night); choose another time'.
 * `choose` ends the sentence ('another time' for one session, 'other times' for a series).
 */
export function wallClockProblemMessage(
  problem: WallClockProblem,
  at: { year: number; month: number; day: number; time: string },
  choose = 'another time',
): string {
  const date = formatLongDate(torontoTime(at.year, at.month, at.day, 12, 0));
  return problem === 'skipped'
    ? `${at.time} does not exist on ${date} (the clocks go forward that night); choose ${choose}`
    : `${at.time} happens twice on ${date} (the clocks go back that night); choose ${choose}`;
}
