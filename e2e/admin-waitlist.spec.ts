import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addHours } from 'date-fns';
import { torontoDateKey, torontoWeekOf } from '../src/shared/rules/week';
import type { AdminUserDto } from '../src/shared/schemas/admin-users';
import type { BookingDto } from '../src/shared/schemas/bookings';
import type { ClassTypeDto } from '../src/shared/schemas/classes';
import type { RosterResponse } from '../src/shared/schemas/sessions';
import type { AdminStats } from '../src/shared/schemas/stats';
import type { WaitlistEntryDto } from '../src/shared/schemas/waitlist';
import { torontoSlot, WEEKDAY } from './support/calendar';
import { demoAccounts, notifications, saveScreenshot, signIn } from './support/login';

// Issue 21, the office's side of the waitlist, at 1280 and at 390 px. Each run sets up its own full session through
// the real API: a family books its only spot, two families join the waitlist (the first with a child who then uses
// her weekly limit in another session that week, the second with two children), and the first family cancels, so
// one spot is free and automatic promotion skips both entries. The office then finds the waitlist in the Sessions
// tab, the roster and the stats, promotes the held-back entry (refused at the weekly limit, then with the override
// and a note), and removes the other entry from its family's page. Runs on the office's server.
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = '/tmp/shots-admin';
const stamp = Date.now().toString(36);
/** The demo administrator's name (src/server/db/seed.ts), as the booked-by label names who promoted. */
const ADMIN_NAME = 'Adam Archer';

interface Family {
  id: string;
  email: string;
  password: string;
  name: string;
}

interface Scenario {
  location: string;
  className: string;
  sessionId: string;
  startsAt: Date;
  /** The session is in the current Toronto week (the stat card counts it). */
  thisWeek: boolean;
  /** Waits with Maya, who has used her weekly limit of 1 that week. */
  held: Family;
  /** Waits with Ben and Cleo (two spots needed, one free). */
  pair: Family;
  sessionIds: string[];
  families: Family[];
}

const scenarios: Scenario[] = [];

/**
 * The waitlisted session: six hours or more ahead (the waitlist closes two hours before the start), with a second
 * session two hours later in the same Toronto week; when that would cross into next week, next Wednesday morning.
 */
function pickSlots(now = new Date()): { startsAt: Date; otherAt: Date; thisWeek: boolean } {
  const startsAt = new Date(Math.ceil((now.getTime() + 6 * 3_600_000) / 900_000) * 900_000);
  const otherAt = addHours(startsAt, 2);
  if (addHours(otherAt, 1).getTime() <= torontoWeekOf(now).end.getTime()) return { startsAt, otherAt, thisWeek: true };
  return { startsAt: torontoSlot(1, WEEKDAY.wednesday, 8, 0), otherAt: torontoSlot(1, WEEKDAY.wednesday, 10, 0), thisWeek: false };
}

async function signedIn(api: APIRequestContext, account: { email: string; password: string }) {
  const response = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), `signing ${account.email} in: ${await response.text()}`).toBe(200);
}

async function createFamily(admin: APIRequestContext, tag: string, lastName: string, children: Array<[string, number]>): Promise<Family> {
  const email = `waitlist.${lastName.toLowerCase()}.${tag}@example.com`;
  const password = `Wait-${tag}-Kite-7`;
  const body: Record<string, unknown> = { email, password, firstName: 'Jo', lastName: `${lastName} ${tag}`, planTier: 'TWO' };
  const slots = ['first', 'second'];
  children.forEach(([name, limit], i) => {
    body[`${slots[i]}ChildName`] = name;
    body[`${slots[i]}ChildWeeklyLimit`] = limit;
    // Issue 31: every seeded class has an age range, so a child books only with a date of birth (and a sex) recorded.
    body[`${slots[i]}ChildBirthDate`] = '2014-05-10';
    body[`${slots[i]}ChildSex`] = 'F';
  });
  const created = await admin.post('/api/admin/users', { data: body });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as AdminUserDto).id, email, password, name: `Jo ${lastName} ${tag}` };
}

/** As a family, through the parents' API: `call` gets a signed-in request context. */
async function asFamily<T>(baseURL: string, request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> }, family: Family, call: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await request.newContext({ baseURL });
  try {
    await signedIn(api, family);
    return await call(api);
  } finally {
    await api.dispose();
  }
}

async function setUp(baseURL: string, request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> }, tag: string): Promise<Scenario> {
  const admin = await request.newContext({ baseURL });
  try {
    await signedIn(admin, demoAccounts.admin);
    const classType = ((await (await admin.get('/api/classes')).json()) as ClassTypeDto[])[0]!;
    const location = `Waitlist Hall ${tag}`;
    const { startsAt, otherAt, thisWeek } = pickSlots();
    const sessionIds: string[] = [];
    for (const [at, capacity] of [
      [startsAt, 1],
      [otherAt, 8],
    ] as const) {
      const res = await admin.post('/api/admin/sessions', {
        data: { classTypeId: classType.id, startsAt: at.toISOString(), endsAt: addHours(at, 1).toISOString(), capacity, location },
      });
      expect(res.status(), await res.text()).toBe(201);
      sessionIds.push(((await res.json()) as { id: string }).id);
    }
    const [sessionId, otherId] = sessionIds as [string, string];
    const first = await createFamily(admin, tag, 'Early', [['Olive', 2]]);
    const held = await createFamily(admin, tag, 'Held', [['Maya', 1]]);
    const pair = await createFamily(admin, tag, 'Pair', [
      ['Ben', 2],
      ['Cleo', 2],
    ]);

    // The only spot goes; the two families join the waitlist, Maya's family first.
    const firstBooking = await asFamily(baseURL, request, first, async (api) => {
      const res = await api.post('/api/bookings', { data: { sessionId, childNames: ['Olive'] } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as BookingDto;
    });
    await asFamily(baseURL, request, held, async (api) => {
      const joined = await api.post(`/api/sessions/${sessionId}/waitlist`, { data: { childNames: ['Maya'] } });
      expect(joined.status(), await joined.text()).toBe(201);
      // Maya then uses her one session of that week elsewhere.
      const booked = await api.post('/api/bookings', { data: { sessionId: otherId, childNames: ['Maya'] } });
      expect(booked.status(), await booked.text()).toBe(201);
    });
    await asFamily(baseURL, request, pair, async (api) => {
      const joined = await api.post(`/api/sessions/${sessionId}/waitlist`, { data: { childNames: ['Ben', 'Cleo'] } });
      expect(joined.status(), await joined.text()).toBe(201);
      expect(((await joined.json()) as WaitlistEntryDto).position).toBe(2);
    });
    // A spot frees: Maya is at her limit and Ben and Cleo need two, so both entries keep waiting.
    await asFamily(baseURL, request, first, async (api) => {
      const cancelled = await api.post(`/api/bookings/${firstBooking.id}/cancel`);
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    });
    const roster = (await (await admin.get(`/api/admin/sessions/${sessionId}/roster`)).json()) as RosterResponse;
    expect(roster.children).toHaveLength(0);
    expect(roster.waitlist.map((e) => e.childNames)).toEqual([['Maya'], ['Ben', 'Cleo']]);
    expect(roster.waitlist[0]!.heldBack).toEqual([{ name: 'Maya', limit: 1, used: 1 }]);

    const scenario = { location, className: classType.name, sessionId, startsAt, thisWeek, held, pair, sessionIds, families: [first, held, pair] };
    scenarios.push(scenario);
    return scenario;
  } finally {
    await admin.dispose();
  }
}

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

// The families leave (their bookings cancelled), then their sessions are deleted: the office's server is as before.
test.afterAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await signedIn(admin, demoAccounts.admin);
    for (const scenario of scenarios) {
      for (const family of scenario.families) {
        const deleted = await admin.delete(`/api/admin/users/${family.id}?cancelUpcomingBookings=true`);
        expect(deleted.status(), await deleted.text()).toBe(200);
      }
      for (const id of scenario.sessionIds) {
        const deleted = await admin.delete(`/api/admin/sessions/${id}`);
        expect(deleted.status(), await deleted.text()).toBe(200);
      }
    }
  } finally {
    await admin.dispose();
  }
});

const shot = (page: Page, name: string, fullPage = true) => saveScreenshot(page, name, { fullPage, folder: SHOTS });

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** The element lies wholly on screen (within the viewport's width and height). */
async function expectOnScreen(page: Page, target: Locator, what: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the screen`).toBeLessThanOrEqual(width);
  expect(box.y, `${what} is below the top of the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} is above the bottom of the screen`).toBeLessThanOrEqual(height);
  await expect(target, what).toBeInViewport({ ratio: 0.95 });
}

for (const size of [DESKTOP, PHONE]) {
  const phone = size.width === PHONE.width;

  test(`at ${size.width} px the office finds the waitlist, promotes a held-back entry with the override and removes another`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const s = await setUp(baseURL!, playwright.request, `${stamp}${size.width}`);
    const week = s.thisWeek ? 'this week' : 'that week';
    await page.setViewportSize(size);
    await signIn(page, demoAccounts.admin);

    // The stat card: children waiting for this week's sessions (ours among them when the session is this week).
    const stats = (await (await page.request.get('/api/admin/stats')).json()) as AdminStats;
    if (s.thisWeek) expect(stats.waitlistedThisWeek).toBeGreaterThanOrEqual(3);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
    // Issue 33: on a phone the cards fold into one line; the office opens them.
    const summary = page.getByRole('button', { name: /^Statistics/ });
    if (size.width < 640 && (await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
    const card = page.getByRole('list', { name: 'Statistics' }).getByRole('listitem').filter({ hasText: 'Waitlisted This Week' });
    await expect(card.getByText(String(stats.waitlistedThisWeek), { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the admin dashboard');

    // The Sessions tab counts the children waiting.
    const sessionsTab = page.getByRole('tabpanel', { name: 'Sessions' });
    await sessionsTab.getByLabel('Date', { exact: true }).fill(torontoDateKey(s.startsAt));
    // The spot was freed (0 / 1) and three children wait.
    const row = sessionsTab.getByRole('table', { name: 'Sessions' }).getByRole('row').filter({ hasText: s.location }).filter({ hasText: '0 / 1' });
    await expect(row).toContainText('3 children waiting');
    if (!phone) await expect(sessionsTab.getByRole('columnheader', { name: 'Waitlist', exact: true })).toBeVisible();
    else await expect(row.getByText('Waitlist', { exact: true })).toBeVisible();
    await shot(page, `sessions-${size.width}`);

    // The roster lists the waitlist in promotion order, with why Maya's entry is skipped.
    await row.getByRole('link', { name: s.className }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/sessions/${s.sessionId}$`));
    await expect(page.getByText('0 of 1 spots booked · 3 children waiting')).toBeVisible();
    await expect(page.getByText('No one is booked in this session yet.')).toBeVisible();
    const waitlist = page.getByRole('table', { name: 'Waitlist, in the order of promotion' });
    const entries = waitlist.locator('tbody tr');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0).locator('td').first()).toHaveText('Position 1');
    await expect(entries.nth(0)).toContainText(s.held.name);
    await expect(entries.nth(0)).toContainText(s.held.email);
    await expect(entries.nth(0)).toContainText(`Maya: 1 of 1 ${week} — skipped by automatic promotion`);
    await expect(entries.nth(1).locator('td').first()).toHaveText('Position 2');
    await expect(entries.nth(1)).toContainText(s.pair.name);
    await expect(entries.nth(1)).toContainText('Ben, Cleo');
    if (phone) {
      await expect(waitlist.locator('thead')).toBeHidden();
      await expect(entries.nth(0).getByText('Joined', { exact: true })).toBeVisible();
    } else {
      await expect(waitlist.getByRole('columnheader', { name: 'Joined', exact: true })).toBeVisible();
    }
    await expectOnScreen(page, entries.nth(0).getByRole('button', { name: /^Promote now/ }), 'the first entry’s Promote now');
    await expectOnScreen(page, entries.nth(0).getByRole('button', { name: /^Remove/ }), 'the first entry’s Remove');
    await expectNoSidewaysScroll(page, 'the roster');
    await shot(page, `roster-waitlist-${size.width}`);

    if (!phone) {
      // The printed roster keeps the waitlist, without its buttons.
      await page.emulateMedia({ media: 'print' });
      await expect(waitlist).toBeVisible();
      await expect(entries.nth(0).getByRole('button', { name: /^Promote now/ })).toBeHidden();
      await shot(page, 'roster-waitlist-print');
      await page.emulateMedia({ media: 'screen' });
    }

    // Promote now: refused at the weekly limit (the server's words, in the dialog), then with the override and a note.
    await entries.nth(0).getByRole('button', { name: `Promote now: ${s.held.name} (Maya)` }).click();
    const promote = page.getByRole('alertdialog', { name: 'Promote from the Waitlist' });
    await expect(promote).toContainText(`Book Maya of ${s.held.name}`);
    await expect(promote).toContainText('1 spot free, 1 spot needed.');
    await expect(promote).toContainText(`Maya: 1 of 1 ${week} — skipped by automatic promotion`);
    await promote.getByRole('button', { name: 'Promote Now' }).click();
    const refusal = promote.getByRole('alert').filter({ hasText: 'weekly limit' });
    await expect(refusal).toContainText('Maya has reached the weekly limit of 1 session for that week');
    await expect(promote).toBeVisible();
    await expectOnScreen(page, refusal, 'the refusal');
    await expectOnScreen(page, promote.getByRole('button', { name: 'Promote Now' }), 'Promote Now');
    await expectOnScreen(page, promote.getByRole('button', { name: 'Keep Waiting' }), 'Keep Waiting');
    await expectNoSidewaysScroll(page, 'the promote dialog');
    await shot(page, `promote-refused-${size.width}`, false);

    await promote.getByRole('checkbox', { name: 'Override weekly limit' }).check();
    await promote.getByRole('button', { name: 'Promote Now' }).click();
    await expect(promote.getByText('Add a note saying why the weekly limit is overridden.')).toBeVisible();
    await promote.getByLabel(/Note for the office/).fill('Coach approved an extra session');
    await shot(page, `promote-override-${size.width}`, false);
    await promote.getByRole('button', { name: 'Promote Now' }).click();
    await expect(notifications(page).getByText('Promoted from the Waitlist', { exact: true })).toBeVisible();
    await expect(promote).toBeHidden();

    // Maya is on the roster, booked by the waitlist; the other entry is now first.
    const booked = page.getByRole('table', { name: 'Booked children, by name' }).getByRole('row').filter({ hasText: 'Maya' });
    await expect(booked).toContainText('Waitlist');
    await expect(booked).toContainText(s.held.email);
    await expect(entries).toHaveCount(1);
    await expect(entries.nth(0).locator('td').first()).toHaveText('Position 1');
    await expect(entries.nth(0)).toContainText(s.pair.name);
    await expect(page.getByText('1 of 1 spots booked · 2 children waiting')).toBeVisible();

    // The family page lists the other family's waitlist; the office removes it there.
    await entries.nth(0).getByRole('link', { name: s.pair.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: s.pair.name })).toBeVisible();
    const familyWaitlists = page.getByRole('table', { name: 'Waitlists' });
    const entry = familyWaitlists.locator('tbody tr').filter({ hasText: s.className });
    await expect(entry).toContainText('Ben, Cleo');
    await expect(entry).toContainText('1 in line');
    await expectOnScreen(page, entry.getByRole('button', { name: /^Remove/ }), 'the family’s entry’s Remove');
    await expectNoSidewaysScroll(page, 'the family page');
    await shot(page, `family-waitlist-${size.width}`);
    await entry.getByRole('button', { name: /^Remove from the waitlist: / }).click();
    const remove = page.getByRole('alertdialog', { name: 'Remove from the Waitlist' });
    await expect(remove).toContainText(`Take Ben and Cleo of ${s.pair.name} off this session’s waitlist?`);
    await remove.getByLabel(/Note for the office/).fill('Family phoned: found another class');
    await expectOnScreen(page, remove.getByRole('button', { name: 'Remove', exact: true }), 'Remove');
    await shot(page, `remove-dialog-${size.width}`, false);
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(notifications(page).getByText('Removed from the Waitlist', { exact: true })).toBeVisible();
    await expect(remove).toBeHidden();
    await expect(familyWaitlists).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Waitlists' })).toContainText('Not waiting for any session.');
    await expect(page.getByText('Removed from the waitlist', { exact: true })).toBeVisible();
    await expect(page.getByText('Family phoned: found another class', { exact: false })).toBeVisible();

    // Maya's family page: the booking made by the waitlist, and the office's promotion with its note.
    await page.goto(`/admin/users/${s.held.id}`);
    await expect(page.getByRole('heading', { level: 1, name: s.held.name })).toBeVisible();
    const promoted = page.getByRole('table', { name: 'Upcoming bookings' }).locator('tbody tr').filter({ hasText: s.className }).filter({ hasText: 'Waitlist' });
    await expect(promoted).toContainText(`(promoted by ${ADMIN_NAME})`);
    await expect(promoted).toContainText('Note: Coach approved an extra session');
    await expect(page.getByText('Promoted from the waitlist', { exact: true })).toBeVisible();
    await expect(page.getByText('weekly limit overridden', { exact: false })).toBeVisible();
    await shot(page, `family-promoted-${size.width}`);

    // Back on the roster no one waits any more.
    await page.goto(`/admin/sessions/${s.sessionId}`);
    await expect(page.getByText('No one is waiting.')).toBeVisible();
  });
}
