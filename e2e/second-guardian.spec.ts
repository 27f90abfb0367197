import { expect, test } from '@playwright/test';
import { demoAccounts, notifications, openApp, openUserMenu, signIn, signOut } from './support/login';
import { linkIn, waitForMail } from './support/mailbox';

// Issue 31: the office adds a second guardian to a family; the guardian's first sign-in is through the welcome
// e-mail's set-password link, and they land in the same family: its children, its bookings (saying who booked),
// and both guardians on the Family page.
const stamp = Date.now().toString(36);
const first = { firstName: 'Noor', lastName: `Haddad ${stamp}`, email: `noor.${stamp}@example.com`, password: 'noor-first-1' };
const second = { firstName: 'Omar', lastName: `Haddad ${stamp}`, email: `omar.${stamp}@example.com`, password: 'omar-second-2' };

test("a second guardian's first sign-in through the link lands in the same family", async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  const created = await page.request.post('/api/admin/users', {
    data: { ...first, firstChildName: 'Rania', firstChildWeeklyLimit: 2, firstChildBirthDate: '2016-02-11', firstChildSex: 'F' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = (await created.json()).id as string;
  // A booking the first guardian made (the front desk stands in for them here: it is the family's either way).
  const sessions = (await (await page.request.get('/api/sessions?limit=200')).json()) as {
    sessions: Array<{ id: string; startsAt: string; availableSpots: number; classType: { code: string } }>;
  };
  const open = sessions.sessions.find((s) => s.classType.code === 'SPEED' && s.availableSpots > 0 && new Date(s.startsAt).getTime() > Date.now() + 86_400_000);
  expect(open, 'a Speed & Agility session with room, more than a day ahead').toBeTruthy();
  const booked = await page.request.post('/api/admin/bookings', { data: { userId: familyId, sessionId: open!.id, childNames: ['Rania'] } });
  expect(booked.status(), await booked.text()).toBe(201);

  // The office adds the second guardian on the family page, as a person would.
  await page.goto(`/admin/users/${familyId}`);
  await page.getByRole('button', { name: 'Add guardian' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add guardian' });
  await dialog.getByLabel('First Name').fill(second.firstName);
  await dialog.getByLabel('Last Name').fill(second.lastName);
  await dialog.getByLabel('Email Address').fill(second.email);
  await dialog.getByRole('button', { name: 'Add guardian' }).click();
  await expect(notifications(page).getByText('Guardian added')).toBeVisible();
  await signOut(page);

  // The welcome e-mail's link: the guardian chooses a password and is signed in, into the family.
  const mail = await waitForMail(page.request, { to: second.email, subjectStartsWith: 'Welcome to' });
  expect(mail.text).toContain(`Hello ${second.firstName},`);
  await openApp(page, linkIn(mail, '/reset-password?token='));
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New Password').fill(second.password);
  await page.getByLabel('Confirm Password').fill(second.password);
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello, ${second.firstName}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Rania, this week' })).toBeVisible();

  // The family's booking is theirs too.
  await page.goto('/my-bookings');
  await expect(page.getByRole('region', { name: /^Upcoming \(1\)$/ })).toBeVisible();

  // The Family page lists both guardians, this one marked as them.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Family' }).click();
  const guardians = page.getByRole('list', { name: 'Guardians' });
  await expect(guardians.getByRole('listitem')).toHaveCount(2);
  await expect(guardians.getByRole('listitem').filter({ hasText: `${second.firstName} ${second.lastName}` }).getByText('You')).toBeVisible();
  await expect(guardians.getByRole('listitem').filter({ hasText: `${first.firstName} ${first.lastName}` })).toBeVisible();
});
