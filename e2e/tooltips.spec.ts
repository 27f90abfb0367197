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
  await signIn(page, demoAccounts.parent);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  const next = calendar.getByRole('button', { name: 'Next week' });
  const tooltip = page.getByRole('tooltip');

  const hoveredAt = Date.now();
  await next.hover();
  await page.waitForTimeout(350);
  await expect(tooltip).toHaveCount(0);
  await page.waitForSelector('role=tooltip', { state: 'attached' });
  const openedAfter = Date.now() - hoveredAt;
  expect(openedAfter).toBeGreaterThanOrEqual(650);
  expect(openedAfter).toBeLessThan(2500);
  await expect(tooltip).toHaveText('Next week');
  // The visible bubble (the role=tooltip element is its copy for screen readers).
  await expect(page.locator('[data-radix-popper-content-wrapper]').getByText('Next week', { exact: true }).first()).toBeVisible();

  // Leaving it closes it.
  await moveAway(page);
  await expect(tooltip.filter({ hasText: 'Next week' })).toHaveCount(0);

  // Keyboard focus opens it without the delay.
  await page.waitForTimeout(500);
  await calendar.getByLabel('Class').focus();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await expect(tooltip).toHaveText('Next week');
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
});

test("moving from one icon button to the next within 300 ms skips the next one's delay", async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await openApp(page, '/admin?tab=field-mapping');
  const table = page.getByRole('table', { name: 'Field mapping templates' });
  const row = table.getByRole('row').filter({ hasText: 'CRM plan purchase' });
  const edit = row.getByRole('button', { name: /^Edit / });
  const remove = row.getByRole('button', { name: /^Delete / });
  const tooltip = page.getByRole('tooltip');

  await edit.hover();
  await expect(tooltip).toHaveText('Edit');
  // Timed in the page, from the pointer reaching Delete to its tooltip appearing (DOM mutations, not the test
  // runner's clock: on a busy machine each Playwright call adds its own delay). The normal delay is 700 ms.
  await remove.evaluate((button) => {
    const times: { enteredAt?: number; shownAt?: number } = {};
    (window as unknown as { __tooltipTimes: typeof times }).__tooltipTimes = times;
    button.addEventListener('pointerenter', () => (times.enteredAt ??= performance.now()), { once: true });
    new MutationObserver((_, observer) => {
      const shown = [...document.querySelectorAll('[role="tooltip"]')].some((element) => element.textContent?.includes('Delete'));
      if (shown) {
        times.shownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // Straight across to Delete (a few pointer moves on the way, as a hand makes).
  const to = await centreOf(remove);
  await page.mouse.move(to.x, to.y, { steps: 5 });
  // And once more on Delete: Radix ignores a trigger's pointer move while it still sees the pointer on its way
  // out of Edit, and a busy browser may merge the last steps into that one move (as in moveAway).
  await page.mouse.move(to.x + 1, to.y);
  await page.waitForSelector('role=tooltip >> text=Delete', { state: 'attached' });
  const times = await page.evaluate(() => (window as unknown as { __tooltipTimes: { enteredAt?: number; shownAt?: number } }).__tooltipTimes);
  expect(times.enteredAt).toBeDefined();
  expect(times.shownAt).toBeDefined();
  expect(times.shownAt! - times.enteredAt!).toBeLessThan(400);
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
