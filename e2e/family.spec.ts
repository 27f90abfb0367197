import type { Page } from '@playwright/test';
import { expect, test } from './support/family';
import { demoAccounts, notifications, openUserMenu, saveScreenshot, signIn } from './support/login';

// The family's children start with nothing recorded: the guardian records Ava's date of birth and sex here.
test.use({ familyDetails: false });

// Issue 31 end to end: a guardian on a phone (390 px) opens Family from the user menu, records a child's date of
// birth, sex, notes and consent (then sees them locked), saves an emergency contact and their own phone; the office
// sees the 'Needs attention' badge on the family page, adds a guardian and removes them again. The rules of each
// screen are tested below the browser (src/web/features/family/components/*.test.tsx) and on the server
// (src/server/routes/family.test.ts, src/server/routes/admin/family.test.ts).

test.use({ viewport: { width: 390, height: 844 } });

/** No sideways scroll: the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('a guardian keeps the family’s details; the office sees them and adds and removes a guardian', async ({ page, family, browser }) => {
  await signIn(page, family);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Family' }).click();
  await expect(page).toHaveURL(/\/family$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Guardians' }).getByText('You', { exact: true })).toBeVisible();
  await expect(page.getByText('No emergency contacts yet — add someone we can call if we cannot reach you.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Ava's profile: recorded once, then the office's to change.
  const ava = page.getByRole('form', { name: 'Ava' });
  await ava.getByLabel('Date of birth').fill('2017-04-09');
  await ava.getByLabel('Sex').selectOption('F');
  await ava.getByLabel('Medical notes').fill('Peanut allergy, EpiPen in her bag');
  await ava.getByLabel('Needs attention at the door (allergy, EpiPen, condition)').check();
  await ava.getByRole('radio', { name: 'Given' }).check();
  await ava.getByRole('button', { name: 'Save Ava’s profile' }).click();
  await expect(notifications(page).getByText('Profile saved')).toBeVisible();
  await expect(ava.getByRole('group', { name: 'Date of birth' })).toContainText('2017-04-09');
  await expect(ava.getByText('Recorded — call the office to correct it')).toHaveCount(2);
  await expect(ava.getByText('Needs attention', { exact: true })).toBeVisible();

  // An emergency contact: a bad phone is refused next to it, then saved.
  const contacts = page.getByRole('form', { name: 'Emergency contacts' });
  await contacts.getByRole('button', { name: 'Add contact' }).click();
  const first = contacts.getByRole('group', { name: 'Contact 1' });
  await first.getByLabel('Name').fill('Grace Hopper');
  await first.getByLabel('Relationship').fill('Grandmother');
  await first.getByLabel('Phone').fill('555');
  await contacts.getByRole('button', { name: 'Save emergency contacts' }).click();
  await expect(first.getByText(/Enter a phone number we can call/)).toBeVisible();
  await first.getByLabel('Phone').fill('416-555-0123');
  await contacts.getByRole('button', { name: 'Save emergency contacts' }).click();
  await expect(notifications(page).getByText('Emergency contacts saved')).toBeVisible();

  await page.getByLabel('Your phone').fill('647-555-0142');
  await page.getByRole('button', { name: 'Save phone' }).click();
  await expect(notifications(page).getByText('Phone saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: 'Call Grace Hopper 416-555-0123' })).toHaveAttribute('href', 'tel:+14165550123');
  await expect(page.getByRole('list', { name: 'Guardians' }).getByRole('link', { name: /647-555-0142/ })).toHaveAttribute('href', 'tel:+16475550142');
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'family-page-phone');

  // The office, on its family page.
  const office = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await signIn(office, demoAccounts.admin);
    await office.goto(`/admin/users/${family.id}`);
    await expect(office.getByRole('heading', { name: 'Guardians' })).toBeVisible();
    await expect(office.getByRole('form', { name: 'Ava' }).getByText('Needs attention', { exact: true })).toBeVisible();
    await expect(office.getByRole('form', { name: 'Ava' }).getByLabel('Date of birth')).toHaveValue('2017-04-09');
    await expect(office.getByRole('link', { name: 'Call Grace Hopper 416-555-0123' })).toBeVisible();

    await office.getByRole('button', { name: 'Add guardian' }).click();
    const dialog = office.getByRole('dialog', { name: 'Add guardian' });
    await dialog.getByLabel('First Name').fill('Kim');
    await dialog.getByLabel('Last Name').fill('Rivera');
    const email = `guardian.${Date.now().toString(36)}@example.com`;
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByRole('button', { name: 'Add guardian' }).click();
    await expect(notifications(office).getByText('Guardian added')).toBeVisible();
    const kim = office.getByRole('list', { name: 'Guardians' }).getByRole('listitem').filter({ hasText: 'Kim Rivera' });
    await expect(kim.getByText('Invitation sent')).toBeVisible();
    await expectNoSidewaysScroll(office);

    await kim.getByRole('button', { name: 'Remove Kim Rivera' }).click();
    const confirm = office.getByRole('alertdialog', { name: 'Remove guardian' });
    await confirm.getByRole('button', { name: 'Remove guardian' }).click();
    await expect(notifications(office).getByText('Guardian removed')).toBeVisible();
    await expect(kim).toHaveCount(0);
    // The family's only guardian left cannot be removed.
    await expect(office.getByRole('list', { name: 'Guardians' }).getByRole('button', { name: /^Remove / })).toBeDisabled();
  } finally {
    await office.close();
  }
});
