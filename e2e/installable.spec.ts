import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, openApp, signIn } from './support/login';

// Issue 10: the portal is an app a parent installs on a phone, fast to load, under a strict CSP.

test('Chromium finds the app installable: manifest, icons, start page and display are right', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito profile, and Playwright's contexts are incognito:
  // this test runs in a real (temporary) profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const cdp = await context.newCDPSession(page);

    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(new URL('/manifest.webmanifest', baseURL).toString());
    expect(manifest.errors).toEqual([]);
    // What Chromium understood of it (display comes back as its enum name, e.g. kStandalone).
    const understood = (manifest as unknown as { manifest: { startUrl: string; scope: string; display: string } }).manifest;
    expect(understood.startUrl).toBe(new URL('/dashboard', baseURL).toString());
    expect(understood.scope).toBe(new URL('/', baseURL).toString());
    expect(understood.display).toMatch(/standalone/i);

    // Chromium fetches the icons while it checks; poll until it has an answer.
    await expect
      .poll(
        async () => {
          const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
          return installabilityErrors.map((error: { errorId: string }) => error.errorId);
        },
        // The service worker registers once the page is idle and installs the app shell first.
        { timeout: 30_000 },
      )
      .toEqual([]);

    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png', '/icons/apple-touch-icon.png']) {
      const response = await page.request.get(icon);
      expect(response.status(), icon).toBe(200);
      expect(response.headers()['content-type'], icon).toBe('image/png');
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Every Content-Security-Policy violation the page reports, across navigations, and the console's word on it. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test('the login page and the dashboard load without a single CSP violation, compressed', async ({ page }) => {
  const violations = await watchCsp(page);
  const scripts: { url: string; encoding: string | undefined; length: number }[] = [];
  page.on('response', (response) => {
    if (!/\/assets\/.+\.js$/.test(response.url())) return;
    const headers = response.headers();
    scripts.push({ url: response.url(), encoding: headers['content-encoding'], length: Number(headers['content-length'] ?? 0) });
  });

  const first = await page.goto('/');
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).not.toContain('unsafe-eval');
  expect(first?.headers()['content-encoding']).toBe('br');
  await openApp(page, '/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  await signIn(page, demoAccounts.parent);
  await openApp(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Lazily loaded screens and late effects get their chance to misbehave.
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
  // Chromium accepts brotli: every script came pre-compressed, except the few under 1 KB the build leaves as they are.
  const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
  expect(scripts.find((script) => script.url.endsWith(entry ?? '?'))?.encoding).toBe('br');
  expect(scripts.filter((script) => script.encoding !== 'br' && !(script.length > 0 && script.length < 1024))).toEqual([]);
});
