import type { Locator, Page } from '@playwright/test';
import { dashboardCalendar, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { expect, test, type TestFamily } from './support/family';
import { demoAccounts, notifications, openApp, type DemoAccount } from './support/login';

// Issue 11: the main journeys by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape and arrow keys; no
// clicks). Every dialog keeps focus inside it (Tab from its last element goes to its first, Shift+Tab back)
// and hands focus back to the element that opened it. The parent is a family of its own, made like the demo
// parent (support/family.ts); no password is changed. Each group below shares one page, so its tests run in
// order; the two groups may run beside each other.
test.describe.configure({ timeout: 90_000 });

const wednesday = torontoSlot(1, WEEKDAY.wednesday, 16, 30);
const friday = torontoSlot(1, WEEKDAY.friday, 16, 30);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. The target is found once and
 * marked, so each press costs one look at document.activeElement rather than a fresh role query over the page
 * (a walk of 100 presses through the Users table took ~15 s that way).
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  await page.evaluate(() => document.querySelectorAll('[data-kb-target]').forEach((element) => element.removeAttribute('data-kb-target')));
  await target.evaluate((element) => element.setAttribute('data-kb-target', ''));
  const reached = () => page.evaluate(() => document.activeElement?.hasAttribute('data-kb-target') === true);
  for (let presses = 0; presses <= max; presses++) {
    if (await reached()) {
      // The mark only stands for the element found at the start: focus is on the target itself.
      await expect(target).toBeFocused();
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()}; focus is on ${focused}`);
}

/** Tabs to `target` and presses `key` on it (Enter by default). */
async function activate(page: Page, target: Locator, key = 'Enter', options: { backwards?: boolean; max?: number } = {}): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Marks the focused element, to check later that focus came back to it. */
async function markOpener(page: Page): Promise<Locator> {
  await page.evaluate(() => {
    document.querySelectorAll('[data-kb-opener]').forEach((element) => element.removeAttribute('data-kb-opener'));
    document.activeElement?.setAttribute('data-kb-opener', '');
  });
  return page.locator('[data-kb-opener]');
}

/**
 * The dialog traps focus: focus is inside it; a whole round of Tab never leaves it and comes back to where it
 * started; Tab from its last element (in page order) goes to its first, Shift+Tab from the first to the last.
 */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.evaluate(() =>
    document.querySelectorAll('[data-kb-seq], [data-kb-first], [data-kb-last]').forEach((element) => {
      element.removeAttribute('data-kb-seq');
      element.removeAttribute('data-kb-first');
      element.removeAttribute('data-kb-last');
    }),
  );
  // Tab round the dialog, numbering each element reached, until one is reached again.
  let visited = 0;
  let wrappedTo = -1;
  for (let presses = 0; presses < 80 && wrappedTo < 0; presses++) {
    await page.keyboard.press('Tab');
    const step = await dialog.evaluate((element, next) => {
      const active = document.activeElement;
      if (!active || !element.contains(active)) return { inside: false, seq: -1, where: active?.outerHTML.slice(0, 160) ?? 'nothing' };
      const seq = active.getAttribute('data-kb-seq');
      if (seq !== null) return { inside: true, seq: Number(seq), where: '' };
      active.setAttribute('data-kb-seq', String(next));
      return { inside: true, seq: -1, where: '' };
    }, visited);
    expect(step.inside, `focus stays in the dialog (it went to ${step.where})`).toBe(true);
    // The parts of a date or time field are Tab stops of one element.
    if (step.seq >= 0 && step.seq === visited - 1) continue;
    if (step.seq >= 0) wrappedTo = step.seq;
    else visited++;
  }
  expect(visited, 'the dialog has something to focus').toBeGreaterThan(0);
  expect(wrappedTo, 'a round of Tab comes back to where it started').toBe(0);

  // The first and last of them in page order: Tab from the last goes to the first, Shift+Tab back.
  await dialog.evaluate((element) => {
    const reached = [...element.querySelectorAll('[data-kb-seq]')];
    reached[0]?.setAttribute('data-kb-first', '');
    reached.at(-1)?.setAttribute('data-kb-last', '');
  });
  const first = dialog.locator('[data-kb-first]');
  const last = dialog.locator('[data-kb-last]');
  // The round above already walked to it by keyboard: focus it directly rather than walking round again.
  await last.focus();
  await page.keyboard.press('Tab');
  await expect(first, 'Tab from the last element goes to the first').toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(last, 'Shift+Tab from the first element goes to the last').toBeFocused();
}

/** Signs in from the login screen with the keyboard only. */
async function signInByKeyboard(page: Page, account: DemoAccount): Promise<void> {
  await openApp(page, '/');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test.describe('a parent, by keyboard', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let family: TestFamily;
  let reference = '';

  test.beforeAll(async ({ browser, families }) => {
    family = await families.create();
    page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  });
  test.afterAll(async ({ families }) => {
    await page?.context().close();
    // Its bookings are cancelled with it, whatever happened.
    if (family) await families.remove(family);
  });

  const upcoming = () => page.getByRole('region', { name: 'My Upcoming Bookings' }).getByRole('listitem').filter({ hasText: reference });

  test('signs in with Tab, typing and Enter', async () => {
    await signInByKeyboard(page, family);
  });

  test('opens a session card from the calendar and books a child', async () => {
    const calendar = dashboardCalendar(page);
    await waitForSessions(calendar);
    await activate(page, calendar.getByRole('button', { name: 'Next week' }));
    await expect(calendar.getByRole('button', { name: 'Next week' })).toBeDisabled();
    // Focus moves to the week button that can still be used; the cards come after it.
    await expect(calendar.getByRole('button', { name: 'Previous week' })).toBeFocused();

    const card = sessionCard(calendar, 'Speed & Agility', wednesday);
    await tabTo(page, card);
    const opener = await markOpener(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book Session' });
    await expectFocusTrapped(page, dialog);

    // Escape closes it and focus returns to the card.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Space opens it too; Space ticks Ava; Enter on the button books.
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await activate(page, dialog.getByLabel('Ava'), 'Space');
    await expect(dialog.getByLabel('Ava')).toBeChecked();
    await activate(page, dialog.getByRole('button', { name: 'Book Session' }));
    await expect(notifications(page).getByText('Booking Confirmed!')).toBeVisible();
    await expect(page).toHaveURL(/\/booking-confirmation\/[0-9a-f-]{36}$/);
    const bookingId = page.url().split('/').pop()!;
    reference = `#NB-${bookingId.slice(-8).toUpperCase()}`;
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

    await activate(page, page.getByRole('link', { name: 'Return to Dashboard' }));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(upcoming()).toBeVisible();
  });

  test('reschedules the booking from My Upcoming Bookings', async () => {
    const reschedule = upcoming().getByRole('button', { name: /^Reschedule/ });
    await tabTo(page, reschedule);
    const opener = await markOpener(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
    await expect(dialog).toBeVisible();
    await waitForSessions(dialog);
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await waitForSessions(dialog);
    const target = sessionCard(dialog, 'Speed & Agility', friday);
    await activate(page, target, 'Space');
    await expect(target).toHaveAttribute('aria-pressed', 'true');
    await activate(page, dialog.getByRole('button', { name: 'Continue' }));
    const confirm = dialog.getByRole('button', { name: 'Confirm Reschedule' });
    await expect(confirm).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await activate(page, confirm);
    await expect(notifications(page).getByText('Booking Rescheduled')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(upcoming()).toBeVisible();
    // Focus is back on the page (on the booking's Reschedule button, or the list's heading), not lost to <body>.
    expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
  });

  test('cancels the booking from My Upcoming Bookings', async () => {
    const cancel = upcoming().getByRole('button', { name: /^Cancel/ });
    await tabTo(page, cancel);
    const opener = await markOpener(page);
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('alertdialog', { name: 'Cancel Booking' });
    await expectFocusTrapped(page, prompt);
    await page.keyboard.press('Escape');
    await expect(prompt).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(prompt).toBeVisible();
    await activate(page, prompt.getByRole('button', { name: 'Cancel Booking' }));
    await expect(notifications(page).getByText('Booking Cancelled')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect(upcoming()).toHaveCount(0);
    // The booking's row has gone: focus goes to the list's heading.
    await expect(page.getByRole('heading', { name: 'My Upcoming Bookings' })).toBeFocused();
  });

  test('opens the user menu and the change password dialog, and closes it with Escape', async () => {
    const trigger = page.getByRole('button', { name: 'User menu' });
    await tabTo(page, trigger, { backwards: true, max: 120 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).not.toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expectFocusTrapped(page, dialog);
    // The Tab round may end on an icon button whose tooltip keyboard focus opens; Escape would close that
    // tooltip first (the top layer), so start from the first field, where no tooltip shows.
    await dialog.locator('input').first().focus();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // The menu item that opened it has gone with the menu: focus returns to the menu's button.
    await expect(trigger).toBeFocused();
  });
});

test.describe('an admin, by keyboard', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('switches admin tabs with the arrow keys and opens and closes dialogs', async () => {
    // A long journey of single key presses (seven tabs, two dialogs): past 90 s on a loaded 2-core machine.
    test.slow();
    await signInByKeyboard(page, demoAccounts.admin);
    await activate(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }));
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel', exact: true })).toBeVisible();

    const tab = (name: string) => page.getByRole('tab', { name });
    await tabTo(page, tab('Sessions'));
    await expect(tab('Sessions')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Reservations')).toBeFocused();
    await expect(tab('Reservations')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=reservations$/);
    await page.keyboard.press('ArrowRight');
    await expect(tab('Classes')).toBeFocused();
    await expect(tab('Classes')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tab('Logs')).toBeFocused();
    await expect(tab('Logs')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Sessions')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Logs')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab('Sessions')).toBeFocused();
    // Radix moves roving focus on the next task after the keydown: wait for each move as a person would.
    for (const next of ['Reservations', 'Classes', 'Users']) {
      await page.keyboard.press('ArrowRight');
      await expect(tab(next)).toBeFocused();
    }
    await expect(tab('Users')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Showing \d+ - \d+ of \d+ users$/)).toBeVisible({ timeout: 15_000 });

    // Add New User: the dialog traps focus, Escape closes it, focus returns to the button.
    const add = page.getByRole('button', { name: 'Add New User' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'Create User' });
    await expectFocusTrapped(page, create);
    await page.keyboard.press('Escape');
    await expect(create).toHaveCount(0);
    await expect(add).toBeFocused();

    // A row's Edit button: the same, for a dialog opened from a table. The office narrows the list first by
    // typing in the search field (the journeys' families fill the table; some are Priya's namesakes).
    await tabTo(page, page.getByRole('searchbox', { name: 'Search users' }));
    await page.keyboard.type('Priya');
    const edit = page.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Edit Priya Patel' });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: 'Edit User Account' });
    await expectFocusTrapped(page, editDialog);
    await page.keyboard.press('Escape');
    await expect(editDialog).toHaveCount(0);
    await expect(edit).toBeFocused();

    // Back to the tabs with Shift+Tab, then Sessions' Create Session dialog.
    await tabTo(page, tab('Users'), { backwards: true });
    await page.keyboard.press('Home');
    await expect(tab('Sessions')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Showing \d+ - \d+ of \d+ sessions$/)).toBeVisible({ timeout: 15_000 });
    const createSession = page.getByRole('button', { name: 'Create Session' });
    await tabTo(page, createSession);
    await page.keyboard.press('Enter');
    const sessionDialog = page.getByRole('dialog', { name: 'Create Session' });
    await expectFocusTrapped(page, sessionDialog);
    await page.keyboard.press('Escape');
    await expect(sessionDialog).toHaveCount(0);
    await expect(createSession).toBeFocused();
  });
});
