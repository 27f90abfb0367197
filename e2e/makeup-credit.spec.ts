import type { Page } from '@playwright/test';
import { creditLastDay } from '../src/shared/rules/makeup-credits';
import { torontoDateKey } from '../src/shared/rules/week';
import type { BookingDto } from '../src/shared/schemas/bookings';
import type { SessionsListResponse } from '../src/shared/schemas/sessions';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { expect, test } from './support/family';
import { notifications, saveScreenshot, signIn } from './support/login';

// Issue 32, make-up credits, on a phone (390 px): a family cancels Ava's booking days ahead (before the default 2-hour
// cut-off), the server gives Ava a credit, and her usage card says so with the last day to use it. Then Leo, at his
// weekly limit of 1 with a credit of his own, is offered for another session: the booking dialog says it uses the
// credit, and booking him spends it. The rules on their own are unit and component tests (src/shared/rules/child-choice.test.ts,
// src/web/app/dashboard-screen.test.tsx, src/web/features/booking/components/booking-dialog.test.tsx).

const nextMonday = torontoSlot(1, WEEKDAY.monday, 16, 30);
const nextWednesday = torontoSlot(1, WEEKDAY.wednesday, 16, 30);

/** The seeded Speed & Agility session starting at `startsAt`, read with the page's own (signed-in) cookies. */
async function speedSessionAt(page: Page, startsAt: Date): Promise<string> {
  const day = torontoDateKey(startsAt);
  const list = (await (await page.request.get(`/api/sessions?from=${day}&to=${day}&limit=100&page=1`)).json()) as SessionsListResponse;
  const session = list.sessions.find((s) => s.startsAt === startsAt.toISOString() && s.classType.name === 'Speed & Agility');
  expect(session, `the seeded Speed & Agility at ${startsAt.toISOString()}`).toBeDefined();
  return session!.id;
}

async function bookLeo(page: Page, sessionId: string): Promise<BookingDto> {
  const booked = await page.request.post('/api/bookings', { data: { sessionId, childNames: ['Leo'] } });
  expect(booked.status(), `booking Leo: ${await booked.text()}`).toBe(201);
  return (await booked.json()) as BookingDto;
}

test('a child cancelled early gets a make-up credit on the usage card, and the booking dialog at the limit uses it (390 px)', async ({ page, family }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, family);

  const ava = page.getByRole('group', { name: 'Ava, this week' });
  await expect(ava.getByText('0 of 2 sessions')).toBeVisible();
  await expect(ava).not.toContainText('make-up');

  // The family's booking of Ava (next Tuesday's Basketball Skills Lab), cancelled days ahead: early.
  const upcoming = page.getByRole('region', { name: 'My Upcoming Bookings' }).getByRole('listitem').filter({ hasText: 'Basketball Skills Lab' });
  await upcoming.getByRole('button', { name: /^Cancel/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await expect(prompt.getByText('Cancelled more than 2 hours ahead: Ava gets a make-up credit, usable for 30 days.')).toBeVisible();
  await prompt.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(notifications(page).getByText('Booking Cancelled')).toBeVisible();
  await expect(prompt).toHaveCount(0);

  await expect(ava.getByText('1 make-up credit')).toBeVisible();
  const credits = (await (await page.request.get(`/api/me/child-stats?week=${torontoDateKey(new Date())}`)).json()) as {
    children: { name: string; makeupCreditExpiries: string[] }[];
  };
  const avasEnd = credits.children.find((c) => c.name === 'Ava')!.makeupCreditExpiries[0]!;
  await expect(ava.getByText(`use by ${creditLastDay(avasEnd)}`)).toBeVisible();
  // The tone still follows what is left of the week.
  await expect(ava).toHaveAttribute('data-tone', 'success');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ava.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'makeup-credit-card-mobile', { fullPage: false });

  // Leo (1 a week) gets a credit the same way, then holds next week's one session again.
  const monday = await speedSessionAt(page, nextMonday);
  const first = await bookLeo(page, monday);
  expect((await page.request.post(`/api/bookings/${first.id}/cancel`)).status()).toBe(200);
  await bookLeo(page, monday);

  await page.reload();
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  await sessionCard(calendar, 'Speed & Agility', nextWednesday).click();
  const dialog = page.getByRole('dialog', { name: 'Book Session' });
  const leo = dialog.getByRole('checkbox', { name: 'Leo' });
  await expect(leo).toBeEnabled();
  await expect(leo).toHaveAccessibleDescription('Weekly limit reached — uses a make-up credit');
  await leo.check();
  await expect(dialog.getByText("Leo's booking uses a make-up credit.")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Session' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'makeup-credit-dialog-mobile', { fullPage: false });

  // Booked beyond the limit: the server spends the credit, and next week's card says Leo has none left.
  await dialog.getByRole('button', { name: 'Book Session' }).click();
  await expect(notifications(page).getByText('Successfully booked for Leo')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  const leoNextWeek = page.getByRole('group', { name: 'Leo, next week' });
  await expect(leoNextWeek.getByText('2 of 1 session')).toBeVisible();
  await expect(leoNextWeek).not.toContainText('make-up');
});
