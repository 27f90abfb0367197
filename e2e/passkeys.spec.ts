import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { demoAccounts, saveScreenshot, skipSplash } from './support/login';

// Issue 34, second factors in Chromium: a coach adds a passkey (the DevTools virtual authenticator stands in for the
// phone's fingerprint) and an authenticator app (its code computed here from the key the page shows), keeps the ten
// recovery codes, then signs in with the password and the app's code, and with the passkey alone. Passkeys need a
// host name, not an IP address: this journey opens the app on localhost.
const PASSWORD = 'passkey-coach-pass-1';
let office: APIRequestContext;
let coach: { id: string; email: string };

test.beforeAll(async ({ baseURL }) => {
  office = await playwrightRequest.newContext({ baseURL });
  expect((await office.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const email = `passkey-coach-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await office.post('/api/admin/users', {
    data: { email, firstName: 'Pia', lastName: 'Passkey', password: PASSWORD, role: 'COACH', planTier: 'ONE', weeklyLimit: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  coach = { id: ((await created.json()) as { id: string }).id, email };
});

test.afterAll(async () => {
  await office.delete(`/api/admin/users/${coach.id}`);
  await office.dispose();
});

/** A platform authenticator that says yes at once (user present and verified), as a phone's fingerprint would. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function signInWithPassword(page: Page, origin: string) {
  await page.goto(`${origin}/`);
  await page.getByLabel('Email').fill(coach.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /, user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
}

test('a coach adds a passkey and an authenticator app, then signs in with the code step and with the passkey alone', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  await page.setViewportSize({ width: 390, height: 844 });
  await skipSplash(page.context());
  await addVirtualAuthenticator(page);

  // No factor yet: the password alone signs in (STAFF_TWO_STEP=optional here).
  await signInWithPassword(page, origin);
  await expect(page.getByRole('group', { name: 'Signed in as a coach' })).toBeVisible();
  await page.getByRole('button', { name: /, user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Passkeys and codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys and codes' })).toBeVisible();

  await page.getByLabel('Name (optional)').fill('Door phone');
  await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
  const keys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(keys.getByText('Door phone')).toBeVisible();

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('authenticator-secret').textContent())!.trim();
  await page.getByLabel('Type the 6-digit code it shows').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await saveScreenshot(page, 'security-recovery-codes-390');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // The password, then the app's code (a code is used once: wait for the app's next one).
  await signOut(page);
  await signInWithPassword(page, origin);
  const step = page.getByRole('group', { name: 'One more step' });
  await expect(step).toBeVisible();
  await saveScreenshot(page, 'second-step-390');
  const wrong = step.getByLabel('Code');
  await wrong.fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText(/That code is not right/)).toBeVisible();
  await page.waitForTimeout(30_500 - (Date.now() % 30_000));
  await step.getByLabel('Code').fill(generateSync({ secret }));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('group', { name: 'Signed in as a coach' })).toBeVisible();

  // The passkey alone, from the login screen.
  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('group', { name: 'Signed in as a coach' })).toBeVisible();
  await page.getByRole('button', { name: /, user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Passkeys and codes' }).click();
  await expect(keys.getByText(/last used/)).toBeVisible();
  await saveScreenshot(page, 'security-page-390');
});
