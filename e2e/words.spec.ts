import type { Page } from '@playwright/test';
import type { BookingDto } from '../src/shared/schemas/bookings';
import { expect, test } from './support/family';
import { demoAccounts, signIn } from './support/login';

// Issue 33, item 8 (words), where a parent reads them on a phone and the office at a desk: one spelling of 'email'
// (the spec's), one greeting, 'Toronto time' on the parent calendar as on the office's screens, and the booking's code
// called 'Booking reference' wherever it is named. The calendar feed's titles are an HTTP test (calendar-feed.test.ts).

/** The words a screen shows (and names for screen readers), as one text. */
async function wordsOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label'));
    return `${document.body.innerText}\n${labels.join('\n')}`;
  });
}

test('a parent on a phone reads one greeting, Toronto time, email and Booking reference', async ({ page, family }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, family);
  const header = page.getByRole('banner');
  await expect(header.getByText(`Hello, ${family.firstName}`)).toBeVisible();
  await expect(page.getByText('Times are Toronto time.')).toBeVisible();
  let words = await wordsOf(page);
  expect(words).not.toContain('Welcome back');
  expect(words).not.toMatch(/e-mail/i);

  // The user menu's items (reminder emails, the family's data) say it the same way.
  await header.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  words = await wordsOf(page);
  expect(words).toContain('Reminder emails');
  expect(words).not.toMatch(/e-mail/i);
  await page.keyboard.press('Escape');

  // The cancel prompt of the family's booking names its code 'Booking reference' (nothing but the spec's toast says 'ID').
  const upcoming = page.getByRole('region', { name: 'My Upcoming Bookings' }).getByRole('listitem').first();
  await upcoming.getByRole('button', { name: /^Cancel/ }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Cancel Booking' });
  await expect(prompt.getByText('Booking reference', { exact: true })).toBeVisible();
  await prompt.getByRole('button', { name: 'Keep Booking' }).click();

  // The confirmation's copy button says what it copies the same way.
  const bookings = (await (await page.request.get('/api/me/bookings')).json()) as BookingDto[];
  const next = bookings.find((booking) => booking.status === 'CONFIRMED' && new Date(booking.session.startsAt) > new Date());
  expect(next, 'the family’s upcoming booking').toBeDefined();
  await page.goto(`/booking-confirmation/${next!.id}`);
  await expect(page.getByRole('button', { name: /Copy booking reference/ })).toBeVisible();
  words = await wordsOf(page);
  expect(words).not.toMatch(/booking id\b/i);
  expect(words).not.toMatch(/e-mail/i);
});

test('the office at a desk reads email the one way in Users and Settings', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, demoAccounts.admin);
  for (const tab of ['Users', 'Settings']) {
    await page.goto('/admin');
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    const words = await wordsOf(page);
    expect(words, tab).not.toMatch(/e-mail/i);
  }
});
