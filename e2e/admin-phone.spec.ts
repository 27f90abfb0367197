import { expect, test, type Locator, type Page } from '@playwright/test';
import type { UsersListResponse } from '../src/shared/schemas/admin-users';
import type { SessionsListResponse } from '../src/shared/schemas/sessions';
import type { WebhookLogListResponse, WebhookLogSummary } from '../src/shared/schemas/webhooks';
import { torontoDateKey } from '../src/shared/rules/week';
import { demoAccounts, openApp, saveScreenshot, signIn } from './support/login';

// Issue 20, item 9: the admin area on a phone. At 390 px every tab is on screen (issue 33: the tab row wraps into a
// grid instead of scrolling), every table is a list of labelled cards whose actions are on screen, and nothing scrolls sideways;
// at 1280 px the same screens stay tables. Only reads the demo data.
test.use({ timezoneId: 'Asia/Tokyo' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A webhook delivery as the logs list shows it. */
const DELIVERY = {
  webhookConfigId: null,
  webhookName: 'CRM plan purchases',
  endpoint: 'crm-plans',
  method: 'POST',
  responseStatus: 200,
  responseMessage: 'updated',
  processingTimeMs: 42,
  ipAddress: '203.0.113.7',
  createdAt: new Date().toISOString(),
} satisfies Omit<WebhookLogSummary, 'id'>;
const TABS = ['Sessions', 'Reservations', 'Classes', 'Users', 'Check-in', 'Activity', 'Settings', 'Mapping', 'Logs'] as const;

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** The element lies wholly inside the viewport's width (and, once scrolled to, its height). */
async function expectOnScreen(page: Page, target: Locator, what: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the screen`).toBeLessThanOrEqual(width);
  expect(box.y, `${what} is below the top of the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} is above the bottom of the screen`).toBeLessThanOrEqual(height);
  // Not clipped away by a scrolling frame either.
  await expect(target, what).toBeInViewport({ ratio: 0.95 });
}

/** A table shown as cards: no header row, and each value labelled with its column's name inside the card. */
async function expectCards(table: Locator, label: string): Promise<Locator> {
  await expect(table.locator('thead')).toBeHidden();
  const card = table.locator('tbody tr').first();
  await expect(card.getByText(label, { exact: true })).toBeVisible();
  return card;
}

/** The same table at 1280 px: its header row names the column, and the in-card label is hidden. */
async function expectTable(table: Locator, label: string): Promise<void> {
  await expect(table.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
  await expect(table.locator('tbody tr').first().getByText(label, { exact: true })).toBeHidden();
}

/** The Toronto day (YYYY-MM-DD) of a session between tomorrow and two weeks ahead with at least two spots booked. */
async function bookedDay(page: Page): Promise<string> {
  const now = Date.now();
  const from = new Date(now + 86_400_000).toISOString();
  const to = new Date(now + 14 * 86_400_000).toISOString();
  const list = (await (await page.request.get(`/api/sessions?from=${from}&to=${to}&limit=1000`)).json()) as SessionsListResponse;
  const booked = list.sessions.find((s) => s.bookedCount >= 2 && s.status === 'SCHEDULED')!;
  return torontoDateKey(booked.startsAt);
}

async function openAdmin(page: Page, size: { width: number; height: number }, tab?: string): Promise<void> {
  await page.setViewportSize(size);
  await signIn(page, demoAccounts.admin);
  await openApp(page, tab ? `/admin?tab=${tab}` : '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel', exact: true })).toBeVisible();
}

test('at 390 px the tab row wraps into a grid: every tab is on screen at once and opens its panel', async ({ page }) => {
  // Issue 33 (decision 029): the row no longer scrolls sideways; eight tabs are two rows of four.
  await openAdmin(page, PHONE);
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  for (const name of TABS) await expect(tabs.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
  expect(await tabs.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSidewaysScroll(page, 'the admin area');
  await tabs.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-phone-tabs', { fullPage: false });

  // Every tab opens its panel, and none makes the page scroll sideways.
  for (const name of [...TABS].reverse()) {
    const tab = tabs.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await expectNoSidewaysScroll(page, `the ${name} tab`);
  }
});

test('at 390 px a tab chosen in the address is selected and on screen', async ({ page }) => {
  await openAdmin(page, PHONE, 'webhook-logs');
  const logs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Logs' });
  await expect(logs).toHaveAttribute('aria-selected', 'true');
  await expect(logs).toBeInViewport({ ratio: 1 });
});

test('at 1280 px all eight tabs show in one row', async ({ page }) => {
  await openAdmin(page, DESKTOP);
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  for (const name of TABS) await expect(tabs.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
  const tops = await tabs.getByRole('tab').evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().top));
  expect(new Set(tops).size, 'one row').toBe(1);
});

for (const size of [PHONE, DESKTOP]) {
  const phone = size.width === PHONE.width;
  const px = `${size.width} px`;

  test(`every admin table at ${px}: ${phone ? 'labelled cards with their actions on screen' : 'tables with their column headers'}, no sideways scroll`, async ({ page }) => {
    await openAdmin(page, size);
    const check = async (table: Locator, label: string) => (phone ? expectCards(table, label) : expectTable(table, label));

    // Sessions: a card per session, its status and its actions (Edit, Cancel or Delete) on screen.
    const sessionsPanel = page.getByRole('tabpanel', { name: 'Sessions' });
    await expect(sessionsPanel.getByText(/^Showing \d+ - \d+ of \d+ sessions$/)).toBeVisible({ timeout: 15_000 });
    const sessions = sessionsPanel.getByRole('table', { name: 'Sessions' });
    await check(sessions, 'Status');
    const sessionRow = sessions.locator('tbody tr').filter({ has: page.getByRole('button', { name: /^Edit / }) }).first();
    await expectOnScreen(page, sessionRow.getByRole('button', { name: /^Edit / }), 'a session card’s Edit');
    await expectOnScreen(page, sessionRow.getByRole('button', { name: /^(Cancel|Delete) / }), 'a session card’s Cancel or Delete');
    await expectOnScreen(page, sessionRow.getByRole('checkbox'), 'a session card’s checkbox');
    await expectNoSidewaysScroll(page, 'Sessions');
    await saveScreenshot(page, `admin-phone-sessions-${size.width}`);

    // Reservations of a coming day with bookings: the front desk's Cancel and Reschedule on each card.
    await page.getByRole('tab', { name: 'Reservations' }).click();
    const reservationsPanel = page.getByRole('tabpanel', { name: 'Reservations' });
    await reservationsPanel.getByLabel('Date', { exact: true }).fill(await bookedDay(page));
    const reservations = reservationsPanel.getByRole('table', { name: /^Reservations on/ });
    await expect(reservations.locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
    await check(reservations, 'Booked on');
    const booked = reservations.locator('tbody tr').filter({ has: page.getByRole('button', { name: /^Reschedule/ }) }).first();
    await expectOnScreen(page, booked.getByRole('button', { name: /^Reschedule/ }), 'a reservation card’s Reschedule');
    await expectOnScreen(page, booked.getByRole('button', { name: /^Cancel/ }), 'a reservation card’s Cancel');
    await expectNoSidewaysScroll(page, 'Reservations');
    await saveScreenshot(page, `admin-phone-reservations-${size.width}`);

    // Classes, Users.
    await page.getByRole('tab', { name: 'Classes' }).click();
    const classes = page.getByRole('tabpanel', { name: 'Classes' }).getByRole('table', { name: 'Class types' });
    await expect(classes.locator('tbody tr').first()).toContainText('Code:');
    await check(classes, 'Age Range');
    await expectOnScreen(page, classes.getByRole('button', { name: /^Edit / }).first(), 'a class card’s Edit');
    await expectNoSidewaysScroll(page, 'Classes');
    await saveScreenshot(page, `admin-phone-classes-${size.width}`);

    await page.getByRole('tab', { name: 'Users' }).click();
    const users = page.getByRole('tabpanel', { name: 'Users' }).getByRole('table', { name: 'Users' });
    await expect(users.getByRole('button', { name: 'Edit Priya Patel' })).toBeVisible({ timeout: 15_000 });
    await check(users, 'Children');
    await expectOnScreen(page, users.getByRole('button', { name: 'Edit Priya Patel' }), 'a user card’s Edit');
    await expectOnScreen(page, users.getByRole('button', { name: 'More actions for Priya Patel' }), 'a user card’s menu');
    await expectNoSidewaysScroll(page, 'Users');
    await saveScreenshot(page, `admin-phone-users-${size.width}`);

    // Settings: the webhook configurations.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const webhooks = page.getByRole('tabpanel', { name: 'Settings' }).getByRole('table', { name: 'Webhook configurations' });
    await expect(webhooks.getByRole('button', { name: 'Edit CRM plan purchases' })).toBeVisible({ timeout: 15_000 });
    await check(webhooks, 'Receiver URL');
    await expectOnScreen(page, webhooks.getByRole('button', { name: 'Edit CRM plan purchases' }), 'a webhook card’s Edit');
    await expectOnScreen(page, webhooks.getByRole('button', { name: 'Delete CRM plan purchases' }), 'a webhook card’s Delete');
    await expectOnScreen(page, webhooks.getByRole('switch', { name: 'Active: CRM plan purchases' }), 'a webhook card’s Active switch');
    await expectNoSidewaysScroll(page, 'Settings');
    await saveScreenshot(page, `admin-phone-settings-${size.width}`);

    // Mapping: the templates.
    await page.getByRole('tab', { name: 'Mapping' }).click();
    const templates = page.getByRole('tabpanel', { name: 'Mapping' }).getByRole('table', { name: 'Field mapping templates' });
    await expect(templates.getByRole('button', { name: /^Edit / }).first()).toBeVisible({ timeout: 15_000 });
    await check(templates, 'Version');
    await expectOnScreen(page, templates.getByRole('button', { name: /^Edit / }).first(), 'a template card’s Edit');
    await expectOnScreen(page, templates.getByRole('button', { name: /^Delete / }).first(), 'a template card’s Delete');
    await expectNoSidewaysScroll(page, 'Mapping');
    await saveScreenshot(page, `admin-phone-mapping-${size.width}`);

    // Logs: the demo has no deliveries, so the list answers two (one with a long message); each card has its View.
    await page.route('**/api/admin/webhook-logs?*', (route) =>
      route.fulfill({
        json: {
          logs: [
            { ...DELIVERY, id: 'log-1', responseStatus: 422, responseMessage: 'Missing required fields: contact.email, contact.firstName, contact.lastName (mapping CRM plan purchases)' },
            { ...DELIVERY, id: 'log-2' },
          ],
        } satisfies WebhookLogListResponse,
      }),
    );
    await page.getByRole('tab', { name: 'Logs' }).click();
    const logs = page.getByRole('tabpanel', { name: 'Logs' }).getByRole('table', { name: 'Webhook deliveries' });
    await expect(logs.locator('tbody tr')).toHaveCount(2, { timeout: 15_000 });
    await check(logs, 'Message');
    await expectOnScreen(page, logs.getByRole('button', { name: /^View / }).first(), 'a delivery card’s View');
    await expectNoSidewaysScroll(page, 'Logs');
    await saveScreenshot(page, `admin-phone-logs-${size.width}`);
  });

  test(`dialog footers stay on screen at ${px}`, async ({ page }) => {
    await openAdmin(page, size);
    const footerOnScreen = async (dialog: Locator, buttons: string[], what: string) => {
      await expect(dialog).toBeVisible();
      for (const name of buttons) await expectOnScreen(page, dialog.getByRole('button', { name, exact: true }), `${what}: ${name}`);
      await expectNoSidewaysScroll(page, what);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    };
    const sessionsPanel = page.getByRole('tabpanel', { name: 'Sessions' });
    await expect(sessionsPanel.getByText(/^Showing \d+ - \d+ of \d+ sessions$/)).toBeVisible({ timeout: 15_000 });
    await sessionsPanel.getByRole('button', { name: 'Create Session' }).click();
    await footerOnScreen(page.getByRole('dialog', { name: 'Create Session' }), ['Cancel', 'Create Session'], 'Create Session');
    await sessionsPanel.getByRole('button', { name: 'Bulk Create' }).click();
    await footerOnScreen(page.getByRole('dialog', { name: 'Bulk Create Sessions' }), ['Cancel', 'Create Sessions'], 'Bulk Create');
    await sessionsPanel.getByRole('table', { name: 'Sessions' }).getByRole('button', { name: /^Edit / }).first().click();
    await footerOnScreen(page.getByRole('dialog', { name: 'Edit Session' }), ['Cancel', 'Save Changes'], 'Edit Session');

    await page.getByRole('tab', { name: 'Classes' }).click();
    await page.getByRole('tabpanel', { name: 'Classes' }).getByRole('button', { name: /^Edit / }).first().click();
    await footerOnScreen(page.getByRole('dialog', { name: 'Edit Class Type' }), ['Cancel', 'Save'], 'Edit Class Type');

    await page.getByRole('tab', { name: 'Users' }).click();
    const users = page.getByRole('tabpanel', { name: 'Users' });
    await users.getByRole('button', { name: 'Edit Priya Patel' }).click();
    await footerOnScreen(page.getByRole('dialog', { name: 'Edit User Account' }), ['Cancel', 'Update User'], 'Edit User Account');

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('tabpanel', { name: 'Settings' }).getByRole('button', { name: 'Edit CRM plan purchases' }).click();
    const webhook = page.getByRole('dialog', { name: 'Edit Webhook Configuration' });
    await expect(webhook).toBeVisible();
    if (phone) await saveScreenshot(page, 'admin-phone-webhook-dialog', { fullPage: false });
    await footerOnScreen(webhook, ['Cancel', 'Save Changes'], 'Edit webhook');
  });

  test(`the roster and family pages at ${px}: ${phone ? 'cards' : 'tables'}, actions on screen, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, demoAccounts.admin);
    // The demo parent's family page: children, upcoming bookings with Reschedule and Cancel.
    const found = (await (await page.request.get(`/api/admin/users?search=${encodeURIComponent(demoAccounts.parent.email)}`)).json()) as UsersListResponse;
    const parent = found.users[0]!;
    await openApp(page, `/admin/users/${parent.id}`);
    const upcoming = page.getByRole('table', { name: 'Upcoming bookings' });
    await expect(upcoming.locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
    const children = page.getByRole('table', { name: 'Children and their sessions this week and next week' });
    if (phone) {
      await expectCards(upcoming, 'Reference');
      await expectCards(children, 'This week');
    } else {
      await expectTable(upcoming, 'Reference');
      await expectTable(children, 'This week');
    }
    const first = upcoming.locator('tbody tr').first();
    await expectOnScreen(page, first.getByRole('button', { name: /^Reschedule / }), 'a booking card’s Reschedule');
    await expectOnScreen(page, first.getByRole('button', { name: /^Cancel / }), 'a booking card’s Cancel');
    await expectNoSidewaysScroll(page, 'the family page');
    await saveScreenshot(page, `admin-phone-family-${size.width}`);

    // The roster of a session with bookings.
    const today = new Date();
    const from = new Date(today.getTime() + 86_400_000).toISOString();
    const to = new Date(today.getTime() + 14 * 86_400_000).toISOString();
    const list = (await (await page.request.get(`/api/sessions?from=${from}&to=${to}&limit=1000`)).json()) as SessionsListResponse;
    const booked = list.sessions.find((s) => s.bookedCount >= 2)!;
    await openApp(page, `/admin/sessions/${booked.id}`);
    const roster = page.getByRole('table', { name: 'Booked children, by name' });
    await expect(roster.locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
    if (phone) await expectCards(roster, 'Reference');
    else await expectTable(roster, 'Reference');
    await expectOnScreen(page, page.getByRole('button', { name: 'Print' }), 'the roster’s Print');
    await expectOnScreen(page, page.getByRole('link', { name: 'Export CSV' }), 'the roster’s Export CSV');
    await expectNoSidewaysScroll(page, 'the roster');
    await saveScreenshot(page, `admin-phone-roster-${size.width}`);
  });
}
