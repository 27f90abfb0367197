import { expect, type Locator, type Page } from '@playwright/test';
import { addDays, addWeeks } from 'date-fns';
import { formatLongDate, formatTime } from '../../src/shared/rules/format';
import { startOfTorontoWeek, torontoTime } from '../../src/shared/rules/week';

/**
 * The seed (src/server/db/seed.ts) builds its timetable around the real today, Toronto time. These helpers
 * name a seeded session by its week (0 = current, 1 = next), weekday (0 = Monday) and wall-clock time.
 */
export const WEEKDAY = { monday: 0, tuesday: 1, wednesday: 2, thursday: 3, friday: 4, saturday: 5, sunday: 6 } as const;

export function torontoSlot(week: 0 | 1, weekday: number, hour: number, minute: number, now: Date = new Date()): Date {
  const day = addDays(addWeeks(startOfTorontoWeek(now), week), weekday);
  return new Date(torontoTime(day.getFullYear(), day.getMonth() + 1, day.getDate(), hour, minute).getTime());
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A day cell of a calendar: a group named by its long Toronto date. */
export function dayCell(scope: Page | Locator, instant: Date): Locator {
  return scope.getByRole('group', { name: formatLongDate(instant), exact: true });
}

/** The session card of a class starting at `instant` (its accessible name starts with class name and time). */
export function sessionCard(scope: Page | Locator, className: string, instant: Date): Locator {
  return dayCell(scope, instant).getByRole('button', {
    name: new RegExp(`^${escapeRegExp(className)}\\s*${escapeRegExp(formatTime(instant))}`),
  });
}

/** The main calendar of the dashboard. */
export function dashboardCalendar(page: Page): Locator {
  return page.getByRole('region', { name: 'Weekly Calendar' });
}

/** Waits for the calendar's sessions to load. */
export async function waitForSessions(scope: Page | Locator): Promise<void> {
  await expect(scope.getByText('Loading sessions')).toHaveCount(0, { timeout: 15_000 });
  await expect(scope.getByRole('group').first()).toBeVisible();
}

/** Moves a calendar to next week with its 'Next week' button. */
export async function goToNextWeek(scope: Page | Locator): Promise<void> {
  await scope.getByRole('button', { name: 'Next week' }).click();
  await expect(scope.getByRole('button', { name: 'Next week' })).toBeDisabled();
}
