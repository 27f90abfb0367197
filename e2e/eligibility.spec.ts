import { subDays, subYears } from 'date-fns';
import { torontoDateKey } from '../src/shared/rules/week';
import { dashboardCalendar, goToNextWeek, sessionCard, torontoSlot, waitForSessions, WEEKDAY } from './support/calendar';
import { expect, test } from './support/family';
import { demoAccounts, notifications, openApp, saveScreenshot, signIn, signOut } from './support/login';

// The family's children start with nothing recorded: the office and the dialog record it here.
test.use({ familyDetails: false });

// Issue 22: the office records a child's date of birth and sex in the user form; the parent's booking dialog then
// greys out, with the server's reason, a child the class rules out, and books the one it takes. Issue 31: a detail
// the class needs and nobody recorded is asked in the dialog, and recorded, before the booking. The family is the
// test's own (support/family.ts: Ava and Leo, none of it recorded), so no other journey sees the change.

const mondayMovers = torontoSlot(1, WEEKDAY.monday, 19, 15); // Little Movers, ages 5-7
const tuesdayGirls = torontoSlot(1, WEEKDAY.tuesday, 18, 0); // Girls Power Hour, ages 9-15, girls only
// Ava is 10 on every day of next week.
const avaBirthDate = torontoDateKey(subDays(subYears(new Date(), 10), 30));

test('a date of birth and a sex recorded by the office grey out the children a class rules out, and the eligible one books', async ({
  page,
  family,
}) => {
  // Two people's journeys in one test (the office's edit, then the family's two dialogs and a booking).
  test.slow();
  // The office: Users tab, the family's Edit, Ava's date of birth and Leo's sex.
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(family.email);
  await expect(page.getByText('Showing 1 - 1 of 1 users')).toBeVisible();
  const name = `${family.firstName} ${family.lastName}`;
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User Account' });
  await expect(edit.getByLabel('1st Child Sex')).toHaveValue('');
  await edit.getByLabel('1st Child Date of birth').fill(avaBirthDate);
  await edit.getByLabel('2nd Child Sex').selectOption({ label: 'Boy' });
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(notifications(page).getByText(`${name}'s account has been updated.`)).toBeVisible();
  await expect(edit).toHaveCount(0);
  // Reopened, the form shows what was recorded.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(edit.getByLabel('1st Child Date of birth')).toHaveValue(avaBirthDate);
  await expect(edit.getByLabel('2nd Child Sex')).toHaveValue('M');
  await expect(edit.getByLabel('1st Child Sex')).toHaveValue('');
  await edit.getByLabel('2nd Child Sex').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'edit-user-child-details', { fullPage: false });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  // The family page shows them too.
  await openApp(page, `/admin/users/${family.id}`);
  const kids = page.getByRole('table', { name: /Children and their sessions/ });
  await expect(kids.getByRole('row').filter({ hasText: 'Ava' })).toContainText(`${avaBirthDate} (age 10)`);
  await expect(kids.getByRole('row').filter({ hasText: 'Ava' })).toContainText('Not recorded');
  await expect(kids.getByRole('row').filter({ hasText: 'Leo' })).toContainText('Boy');
  await signOut(page);

  // The family: next week's calendar.
  await signIn(page, family);
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await goToNextWeek(calendar);
  const dialog = page.getByRole('dialog', { name: 'Book Session' });

  // Little Movers is for ages 5-7: Ava (10) is greyed out with the reason; Leo (no date recorded) may book.
  await sessionCard(calendar, 'Little Movers', mondayMovers).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Ava')).toBeDisabled();
  await expect(dialog.getByText("Ava can't book Little Movers: it is for ages 5-7, and Ava is 10 on that day")).toBeVisible();
  await expect(dialog.getByLabel('Ava')).toHaveAccessibleDescription("Ava can't book Little Movers: it is for ages 5-7, and Ava is 10 on that day");
  await expect(dialog.getByLabel('Leo')).toBeEnabled();
  await expect(dialog.getByLabel('Leo')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Girls Power Hour is for girls: Leo is greyed out. Ava (10) has no sex recorded: issue 31, the dialog asks for it
  // before booking, records it on the family's record, then books.
  await sessionCard(calendar, 'Girls Power Hour', tuesdayGirls).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Leo')).toBeDisabled();
  await expect(dialog.getByText("Leo can't book Girls Power Hour: it is for girls only")).toBeVisible();
  await expect(dialog.getByLabel('Ava')).not.toBeChecked();
  await saveScreenshot(page, 'booking-dialog-eligibility', { fullPage: false });
  await dialog.getByLabel('Ava').check();
  await expect(dialog.getByText('Selected: Ava')).toBeVisible();
  const ask = dialog.getByRole('region', { name: 'Details needed before booking' });
  await expect(ask).toContainText('Girls Power Hour is for ages 9-15, girls only, so we need these details first.');
  await expect(ask.getByLabel("Ava's date of birth")).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Book Session' }).click();
  await expect(ask.getByText("Choose Ava's sex")).toBeVisible();
  await ask.getByLabel("Ava's sex").selectOption({ label: 'Girl' });
  await saveScreenshot(page, 'booking-dialog-details-ask', { fullPage: false });
  await dialog.getByRole('button', { name: 'Book Session' }).click();
  await expect(notifications(page).getByText('Successfully booked for Ava')).toBeVisible();
  await expect(page).toHaveURL(/\/booking-confirmation\/[0-9a-f-]{36}$/);
});
