import { expect, test } from './support/family';
import { notifications, openUserMenu, saveScreenshot, signIn } from './support/login';

// Signed-in Devices: a parent on two browsers; the first signs the second out. The parent is a family of its
// own (support/family.ts): signing the demo parent's other devices out would sign out the journeys running
// beside this one.
test('a parent sees both signed-in devices and signs the other one out', async ({ browser, family }) => {
  const laptopContext = await browser.newContext();
  const phoneContext = await browser.newContext();
  try {
    const laptop = await laptopContext.newPage();
    const phone = await phoneContext.newPage();
    await signIn(phone, family);
    await signIn(laptop, family);
    // Whatever else may be signed in does not matter here: start from these two.
    expect((await laptop.request.post('/api/me/sessions/sign-out-others')).status()).toBe(200);
    await signIn(phone, family);
    expect((await phone.request.get('/api/me')).status()).toBe(200);

    await openUserMenu(laptop);
    await laptop.getByRole('menuitem', { name: 'Signed-in Devices' }).click();
    const dialog = laptop.getByRole('dialog', { name: 'Signed-in Devices' });
    await expect(dialog).toBeVisible();
    const devices = dialog.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.first()).toContainText('This device');
    await expect(devices.first()).toContainText(/Chrome on (Windows|Linux|Mac)/);
    await expect(devices.nth(1)).toContainText(/Last active \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M/);
    await saveScreenshot(laptop, 'signed-in-devices-dialog');

    await devices.nth(1).getByRole('button', { name: /^Sign out/ }).click();
    await expect(notifications(laptop).getByText('Signed out', { exact: true })).toBeVisible();
    await expect(devices).toHaveCount(1);
    await expect(dialog.getByText('No other devices are signed in.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign Out Other Devices' })).toBeDisabled();

    // The other browser's next call is refused.
    expect((await phone.request.get('/api/me')).status()).toBe(401);
    expect((await laptop.request.get('/api/me')).status()).toBe(200);

    // The footer's Close (the corner X is also named Close).
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
    await expect(laptop.getByRole('button', { name: 'User menu' })).toBeFocused();
  } finally {
    await laptopContext.close();
    await phoneContext.close();
  }
});

test('Sign Out Other Devices signs every other browser out', async ({ browser, family }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [mine, other] = await Promise.all(contexts.map((context) => context.newPage()));
    await signIn(other!, family);
    await signIn(mine!, family);
    await openUserMenu(mine!);
    await mine!.getByRole('menuitem', { name: 'Signed-in Devices' }).click();
    const dialog = mine!.getByRole('dialog', { name: 'Signed-in Devices' });
    await expect(dialog.getByRole('listitem').first()).toContainText('This device');
    await dialog.getByRole('button', { name: 'Sign Out Other Devices' }).click();
    await expect(notifications(mine!).getByText(/other devices? signed out/)).toBeVisible();
    await expect(dialog.getByText('No other devices are signed in.')).toBeVisible();
    expect((await other!.request.get('/api/me')).status()).toBe(401);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
