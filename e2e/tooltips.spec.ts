import { expect, test, type Locator, type Page } from '@playwright/test';
import { dashboardCalendar, waitForSessions } from './support/calendar';
import { demoAccounts, openApp, signIn } from './support/login';

// Spec 9: tooltips label icon-only buttons; one opens after 700 ms of hovering, and within 300 ms of one
// closing the next opens at once (Radix Tooltip, one provider in src/web/app/providers.tsx).

/** The centre of an element on the page. */
async function centreOf(element: Locator) {
  const box = (await element.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, bottom: box.y + box.height };
}

/**
 * Moves the pointer off an element and its tooltip to the page's top-left corner (no control there), in
 * steps as a hand does, then once more: Radix decides on a pointer move whether the pointer left the
 * trigger and the bubble (which may sit on either side of it), so the last position must be reported.
 */
async function moveAway(page: Page) {
  await page.mouse.move(1, 1, { steps: 6 });
  await page.mouse.move(2, 2);
}

test('an icon button shows its tooltip after about 700 ms of hovering; keyboard focus shows it at once', async ({ page }) => {
  // The page's timers on Playwright's clock, paused while hovering: the delay is measured exactly, not by a busy
  // machine's clock.
  await page.clock.install();
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  const next = calendar.getByRole('button', { name: 'Next week' });
  const tooltip = page.getByRole('tooltip');
  await page.clock.pauseAt(Date.now() + 1000);

  await next.hover();
  await page.clock.runFor(650);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(next).toHaveAttribute('data-state', 'delayed-open');
  await expect(tooltip).toHaveText('Next week');
  // The visible bubble (the role=tooltip element is its copy for screen readers).
  await expect(page.locator('[data-radix-popper-content-wrapper]').getByText('Next week', { exact: true }).first()).toBeVisible();

  // Leaving it closes it.
  await moveAway(page);
  await expect(tooltip.filter({ hasText: 'Next week' })).toHaveCount(0);

  // Keyboard focus opens it without the delay.
  await page.clock.runFor(500);
  await calendar.getByLabel('Class').focus();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await expect(tooltip).toHaveText('Next week');
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
});

test("moving from one icon button to the next within 300 ms skips the next one's delay", async ({ page }) => {
  // The page's timers run on Playwright's clock, paused while the pointer moves: the 700 ms delay and the 300 ms
  // skip window are then exact whatever the machine's load (on a busy machine the pointer's trip from Edit to
  // Delete alone could outlast the window, and the bubble's rendering the skipped delay: 526 ms measured at load 23).
  await page.clock.install();
  await signIn(page, demoAccounts.admin);
  await openApp(page, '/admin?tab=field-mapping');
  const table = page.getByRole('table', { name: 'Field mapping templates' });
  const row = table.getByRole('row').filter({ hasText: 'CRM plan purchase' });
  const edit = row.getByRole('button', { name: /^Edit / });
  const remove = row.getByRole('button', { name: /^Delete / });
  const tooltip = page.getByRole('tooltip');
  await expect(edit).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1000);

  // Radix marks on the trigger how its tooltip opened: 'delayed-open' after the wait, 'instant-open' when skipped.
  await edit.hover();
  await page.clock.runFor(600);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(150);
  await expect(tooltip).toHaveText('Edit');
  await expect(edit).toHaveAttribute('data-state', 'delayed-open');

  // Straight across to Delete (a few pointer moves on the way, as a hand makes), then once more on Delete: Radix
  // ignores a trigger's pointer move while it still sees the pointer on its way out of Edit (as in moveAway).
  const to = await centreOf(remove);
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.move(to.x + 1, to.y);
  await page.clock.runFor(50);
  // Edit's bubble may still be fading out beside it (its exit animation): each bubble is looked up by its text.
  await expect(tooltip.filter({ hasText: 'Delete' })).toHaveCount(1);
  await expect(remove).toHaveAttribute('data-state', 'instant-open');

  // After a pause longer than the window, the next hover waits the whole delay again.
  await moveAway(page);
  await page.clock.runFor(400);
  await expect(tooltip).toHaveCount(0);
  await edit.hover();
  await page.clock.runFor(300);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(450);
  await expect(tooltip.filter({ hasText: 'Edit' })).toHaveCount(1);
  await expect(edit).toHaveAttribute('data-state', 'delayed-open');
});

test("the office's icon buttons are labelled too: a user's More actions and the sessions' Clear date", async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await openApp(page, '/admin?tab=users');
  const tooltip = page.getByRole('tooltip');
  const more = page.getByRole('button', { name: /^More actions for / }).first();
  await more.hover();
  await expect(tooltip).toHaveText('More actions');
  // Away to the page's corner (straight down would cross the next family's button).
  await moveAway(page);
  await expect(tooltip.filter({ hasText: 'More actions' })).toHaveCount(0);

  await openApp(page, '/admin?tab=sessions');
  await page.getByLabel('Date', { exact: true }).fill('2026-12-01');
  const clear = page.getByRole('button', { name: 'Clear date' });
  await clear.hover();
  await expect(tooltip).toHaveText('Clear date');
});
