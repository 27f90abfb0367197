/**
 * Issue 32, closures: how a closed day reads on the calendars, and which closure holds a Toronto date. Here, not in
 * schemas/closures.ts: the parent calendar loads with the first paint, and zod does not (decision 008).
 */

/** 'Closed — Snow day': how a closed day reads on the parent calendar. */
export const closedDayLabel = (reason: string) => `Closed — ${reason}`;

/** The closure holding a Toronto date (YYYY-MM-DD), if any (closures' dates are YYYY-MM-DD, both days included). */
export const closureOn = <C extends { startDate: string; endDate: string }>(closures: readonly C[], dateKey: string): C | undefined =>
  closures.find((c) => c.startDate <= dateKey && dateKey <= c.endDate);
