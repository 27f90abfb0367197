import { request as playwrightRequest } from '@playwright/test';
import ICAL from 'ical.js';
import { calendarEventUid } from '../src/shared/rules/calendar-event';
import type { BookingDto } from '../src/shared/schemas/bookings';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/family';
import { notifications, openUserMenu, saveScreenshot, signIn } from './support/login';

// Issue 22: the family's calendar feed. A family of its own (support/family.ts: Ava booked into next Tuesday's
// Basketball Skills Lab) makes its link in the user menu, copies it, and a calendar app (a request with no cookie)
// reads the booking from it; Reset link makes a new address and the old one stops working at once.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The events of a feed as a calendar app would read it: no cookie at all. */
async function readFeed(url: string): Promise<{ status: number; uids: string[]; starts: string[]; body: string }> {
  const api = await playwrightRequest.newContext();
  try {
    const res = await api.get(url);
    const body = await res.text();
    if (res.status() !== 200) return { status: res.status(), uids: [], starts: [], body };
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    return { status: 200, uids: events.map((e) => e.uid), starts: events.map((e) => e.startDate.toJSDate().toISOString()), body };
  } finally {
    await api.dispose();
  }
}

test('a parent makes a calendar link in the user menu, copies it, and a calendar app reads their booking; Reset link retires it', async ({
  page,
  family,
}) => {
  await signIn(page, family);
  const [booking] = (await (await page.request.get('/api/me/bookings')).json()) as BookingDto[];
  expect(booking, 'the family fixture’s booking').toBeDefined();

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Calendar feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Make a private link to your bookings/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link' }).click();

  const linkBox = dialog.getByRole('textbox', { name: 'Your calendar link' });
  await expect(linkBox).toBeVisible();
  await expect(linkBox).toHaveAttribute('readonly', '');
  await expect(dialog.getByText(/This link is shown only now/)).toBeVisible();
  const url = await linkBox.inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(dialog.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', url.replace(/^http:\/\//, 'webcal://'));

  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(notifications(page).getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await saveScreenshot(page, 'calendar-feed-link', { fullPage: false });

  // The page's own request context (its cookie too) and a calendar app (no cookie) read the same booking.
  const withCookie = await page.request.get(url);
  expect(withCookie.status()).toBe(200);
  expect(await withCookie.text()).toContain(`UID:${calendarEventUid(booking!.id)}`);
  const first = await readFeed(url);
  expect(first.uids).toEqual([calendarEventUid(booking!.id)]);
  expect(first.starts).toEqual([booking!.session.startsAt]);
  expect(first.body).toContain('X-WR-CALNAME:');

  // Closed and opened again, the link is not shown any more: the feed is on, since when, with Reset link and Turn off.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Calendar feed' }).click();
  await expect(dialog.getByText(/^Your calendar link is on \(made \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M\)\.$/)).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Reset link asks first; Cancel keeps the link.
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expect(dialog.getByText('The old link stops working at once.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await readFeed(url)).status).toBe(200);
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expect(dialog.getByText('Here is your new link. The old one no longer works.')).toBeVisible();
  const newUrl = await dialog.getByRole('textbox', { name: 'Your calendar link' }).inputValue();
  expect(newUrl).not.toBe(url);

  const old = await readFeed(url);
  expect(old.status).toBe(404);
  expect(JSON.parse(old.body)).toEqual({ message: 'No such calendar feed', code: 'NOT_FOUND' });
  expect((await readFeed(newUrl)).uids).toEqual([calendarEventUid(booking!.id)]);

  // Turn off: the new address stops too, and the dialog offers Create link again.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Calendar feed' }).click();
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(notifications(page).getByText('Calendar feed turned off', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  expect((await readFeed(newUrl)).status).toBe(404);
});

test('on a 390 px phone the dialog’s buttons stay on screen and it works from the keyboard', async ({ page, family }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, family);
  const trigger = page.getByRole('button', { name: 'User menu' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  const item = page.getByRole('menuitem', { name: 'Calendar feed' });
  await item.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
  const create = dialog.getByRole('button', { name: 'Create link' });
  await expect(create).toBeInViewport({ ratio: 1 });
  await expectNoSeriousA11yViolations(page, 'the calendar feed dialog, off');
  await create.focus();
  await page.keyboard.press('Enter');
  const linkBox = dialog.getByRole('textbox', { name: 'Your calendar link' });
  await expect(linkBox).toBeFocused();
  for (const name of ['Copy link', 'Close']) await expect(dialog.getByRole('button', { name }).first()).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('link', { name: 'Add to calendar' })).toBeInViewport({ ratio: 1 });
  await saveScreenshot(page, 'calendar-feed-link-phone', { fullPage: false });
  await expectNoSeriousA11yViolations(page, 'the calendar feed dialog with its link');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  // Leave nothing switched on behind the journey.
  expect((await page.request.delete('/api/me/calendar-feed')).status()).toBe(204);
});
