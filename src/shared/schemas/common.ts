import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { torontoWallClockProblem, wallClockProblemMessage } from '../rules/wall-clock';
import { torontoTime } from '../rules/week';

export { isoInstant } from './dates';

/** `{ message }`: the reply of an action that has nothing else to say. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** `{ message, code }`: every error answer (src/shared/error-codes.ts); a route declaring an error status uses it. */
export const errorResponse = z.object({ message: z.string(), code: z.enum(ERROR_CODES) });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** `{ ok: true }` */
export const okResponse = z.object({ ok: z.literal(true) });

/** A malformed id in a path is answered like an unknown one (404), so params only bound the length. */
export const idParams = z.object({ id: z.string().max(100) });

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reads a date-time typed into a form: a wall-clock 'YYYY-MM-DDTHH:mm' (what a datetime-local input gives)
 * is a Toronto time, whatever the browser's or server's zone; an ISO string with an offset is an instant.
 * Returns null when the text is neither, or names a day that does not exist.
 */
export function parseTorontoDateTime(value: string): Date | null {
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    const [year, month, day, hour, minute] = local.slice(1, 6).map(Number) as [number, number, number, number, number];
    if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
    return new Date(torontoTime(year, month, day, hour, minute).getTime());
  }
  if (OFFSET_DATE_TIME.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return null;
}

/**
 * Why a Toronto wall-clock date-time ('YYYY-MM-DDTHH:mm', no offset) is not one instant: it falls in the hour
 * the clocks skip in spring or repeat in autumn (the message names the time and the day); null otherwise, and
 * for any other text (an instant with an offset is always one instant).
 */
export function torontoWallClockRefusal(value: string): string | null {
  const local = LOCAL_DATE_TIME.exec(value);
  if (!local || parseTorontoDateTime(value) === null) return null;
  const [year, month, day, hour, minute] = local.slice(1, 6).map(Number) as [number, number, number, number, number];
  const problem = torontoWallClockProblem(year, month, day, hour, minute);
  return problem && wallClockProblemMessage(problem, { year, month, day, time: `${local[4]}:${local[5]}` });
}

/**
 * A required date-time field of a form (see parseTorontoDateTime), with the form's own message. A wall-clock
 * time that does not exist in Toronto (spring forward) or happens twice (fall back) is refused, never shifted
 * or guessed.
 */
export const torontoDateTime = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, 'Enter a valid date and time')
    .refine((value) => parseTorontoDateTime(value) !== null, 'Enter a valid date and time')
    .refine((value) => torontoWallClockRefusal(value) === null, {
      error: (issue) => torontoWallClockRefusal(String(issue.input)) ?? 'Enter a valid date and time',
      abort: true,
    })
    .transform((value) => parseTorontoDateTime(value)!);
