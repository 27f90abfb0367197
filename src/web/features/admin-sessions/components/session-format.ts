import { format } from 'date-fns';
import { formatShortDate, formatTime } from '../../../../shared/rules/format';
import { inToronto } from '../../../../shared/rules/week';
import type { SessionDto } from '../../../../shared/schemas/sessions';

/** Names a session in buttons and messages: 'Speed & Agility, Mon, Nov 23 at 4:30 PM' (Toronto). */
export function sessionLabel(session: Pick<SessionDto, 'startsAt'> & { classType: { name: string } }): string {
  return `${session.classType.name}, ${formatShortDate(session.startsAt)} at ${formatTime(session.startsAt)}`;
}

/** A datetime-local value ('YYYY-MM-DDTHH:mm') holding the instant's Toronto wall-clock time, whatever the browser's zone. */
export function toTorontoDateTimeLocal(instant: Date | string): string {
  return format(inToronto(instant), "yyyy-MM-dd'T'HH:mm");
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * Adds minutes to a datetime-local value as wall-clock arithmetic (no zone involved), e.g. to suggest an end
 * one hour after the start. Returns '' for an incomplete value.
 */
export function addMinutesToDateTimeLocal(value: string, minutes: number): string {
  const match = LOCAL.exec(value);
  if (!match) return '';
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day, hour, minute + minutes));
  return shifted.toISOString().slice(0, 16);
}

export { formatTableDate, plural } from '../../../../shared/rules/format';
