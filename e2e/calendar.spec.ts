import { expect, test } from '@playwright/test';
import { addDays, addWeeks } from 'date-fns';
import { formatLongDate, weekRangeLabel } from '../src/shared/rules/format';
import { startOfTorontoWeek } from '../src/shared/rules/week';
import { dashboardCalendar, dayCell, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { demoAccounts, signIn } from './support/login';

// The weekly calendar: Toronto weeks, the two-week window, and which cards open the booking dialog.
// Nothing here books anything.

const weekLabel = (weekStart: Date) => weekRangeLabel(weekStart, addDays(weekStart, 6));

test('the week buttons stop at the current week and one week ahead', async ({ page }) => {
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  const thisWeek = startOfTorontoWeek(new Date());
  const previous = calendar.getByRole('button', { name: 'Previous week' });
  const next = calendar.getByRole('button', { name: 'Next week' });

  await expect(calendar.getByText(weekLabel(thisWeek), { exact: true })).toBeVisible();
  await expect(calendar.getByText('Two-week booking window')).toBeVisible();
  await expect(calendar.getByText(/Booking is limited to the next two weeks/)).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  const days = calendar.getByRole('group');
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAccessibleName(formatLongDate(thisWeek));
  await expect(days.last()).toHaveAccessibleName(formatLongDate(addDays(thisWeek, 6)));

  await next.click();
  await expect(calendar.getByText(weekLabel(addWeeks(thisWeek, 1)), { exact: true })).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  // Focus moves to the button that can still be used.
  await expect(previous).toBeFocused();
  await expect(days.first()).toHaveAccessibleName(formatLongDate(addWeeks(thisWeek, 1)));

  await previous.click();
  await expect(calendar.getByText(weekLabel(thisWeek), { exact: true })).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(next).toBeFocused();
});

test('the class filter shows one class type only', async ({ page }) => {
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  const filter = calendar.getByLabel('Class');
  await expect(filter).toHaveValue('all');

  const wednesdaySpeed = sessionCard(calendar, 'Speed & Agility', torontoSlot(1, WEEKDAY.wednesday, 16, 30));
  await expect(wednesdaySpeed).toBeVisible();
  const filtered = page.waitForRequest((request) => request.url().includes('/api/sessions?') && request.url().includes('classCode=GIRLS'));
  await filter.selectOption({ label: 'Girls Power Hour' });
  await filtered;
  await expect(sessionCard(calendar, 'Girls Power Hour', torontoSlot(1, WEEKDAY.tuesday, 18, 0))).toBeVisible();
  await expect(wednesdaySpeed).toHaveCount(0);
  await expect(calendar.getByRole('button', { name: /^Speed & Agility/ })).toHaveCount(0);

  await filter.selectOption('all');
  await expect(wednesdaySpeed).toBeVisible();
});

test('a full session opens the dialog to join its waitlist, not to book', async ({ page }) => {
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);

  // Seeded: next Wednesday 6:00 PM Strength Foundations has all 6 spots taken. Issue 21: it opens, to join the waitlist.
  const full = sessionCard(calendar, 'Strength Foundations', torontoSlot(1, WEEKDAY.wednesday, 18, 0));
  await expect(full).toContainText('Full');
  await expect(full).toBeEnabled();
  await full.click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  await expect(dialog.getByText('This session is full.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Session' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Its neighbour with spots opens the dialog to book.
  await sessionCard(calendar, 'Speed & Agility', torontoSlot(1, WEEKDAY.wednesday, 16, 30)).click();
  await expect(dialog.getByRole('button', { name: 'Book Session' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Join Waitlist' })).toHaveCount(0);
});

test.describe('with the browser clock late in the current week', () => {
  // Playwright's fake clock replaces Date with a constructor that returns plain Dates, so classes extending
  // Date (TZDate of @date-fns/tz) lose their zone while it is installed (microsoft/playwright#35314). In a
  // browser set to Toronto time that loss is invisible, so this test runs there; the Tokyo test below covers
  // another zone with the real clock.
  test.use({ timezoneId: 'America/Toronto' });

  test('a past session cannot be opened', async ({ page }) => {
    // Thursday 8:00 PM Toronto, or now if that is later: this Monday's 4:30 PM session has started.
    const thursdayEvening = torontoSlot(0, WEEKDAY.thursday, 20, 0);
    const browserNow = new Date(Math.max(Date.now(), thursdayEvening.getTime()));
    await page.clock.setFixedTime(browserNow);
    await signIn(page, demoAccounts.parent);
    const calendar = dashboardCalendar(page);
    await waitForSessions(calendar);

    await expect(dayCell(calendar, browserNow)).toHaveAttribute('aria-current', 'date');
    const past = sessionCard(calendar, 'Speed & Agility', torontoSlot(0, WEEKDAY.monday, 16, 30));
    await expect(past).toBeDisabled();
    await past.click({ force: true });
    await expect(page.getByRole('dialog', { name: 'Book Session' })).toHaveCount(0);

    // Next week is still open.
    await goToNextWeek(calendar);
    await expect(sessionCard(calendar, 'Speed & Agility', torontoSlot(1, WEEKDAY.monday, 16, 30))).toBeEnabled();
  });
});

test.describe('in a browser set to Tokyo time', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('the calendar shows Toronto days and times', async ({ page }) => {
    await signIn(page, demoAccounts.parent);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    const calendar = dashboardCalendar(page);
    await waitForSessions(calendar);

    // Today is the Toronto date, whatever the date in Tokyo.
    await expect(calendar.locator('[aria-current="date"]')).toHaveAccessibleName(formatLongDate(new Date()));

    await goToNextWeek(calendar);
    // 4:30 PM in Toronto is 6:30 AM the next day in Tokyo; the card must show the Toronto time on the Toronto day.
    const wednesday = dayCell(calendar, torontoSlot(1, WEEKDAY.wednesday, 16, 30));
    const speed = wednesday.getByRole('button', { name: /^Speed & Agility/ });
    await expect(speed).toContainText('4:30 PM');
    await expect(wednesday.getByRole('button', { name: /^Basketball Skills Lab/ })).toContainText('7:15 PM');
    await expect(calendar.getByText('6:30 AM')).toHaveCount(0);

    await speed.click();
    const dialog = page.getByRole('dialog', { name: 'Book Session' });
    await expect(dialog.getByText(formatLongDate(torontoSlot(1, WEEKDAY.wednesday, 16, 30)))).toBeVisible();
    await expect(dialog.getByText('4:30 PM - 5:30 PM')).toBeVisible();
  });
});
