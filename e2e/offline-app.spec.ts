import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { formatTime } from '../src/shared/rules/format';
import { calendarFetchRange } from '../src/shared/rules/calendar-weeks';
import type { BookingDto } from '../src/shared/schemas/bookings';
import type { SessionsListResponse } from '../src/shared/schemas/sessions';
import type { CurrentUser } from '../src/shared/schemas/users';
import { dashboardCalendar, waitForSessions } from './support/calendar';
import { expect, test } from './support/family';
import { demoAccounts, openApp, saveScreenshot, signIn, signOut, waitForSplashToFinish } from './support/login';

// Issue 10: the installed app at the gym door. One visit is enough for the app to open with no network and show
// the family's bookings; changes wait for a connection and say so; a new version asks before it takes over;
// signing out leaves nothing of the family on the phone; the install banner respects 'Not now'.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const builtWorker = path.join(process.cwd(), 'dist', 'web', 'sw.js');

/** Waits until the service worker controls the page (it registers once the first screen is idle). */
async function waitForWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The paths of every request kept in the app's caches. */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

async function upcomingBookingsOf(page: Page): Promise<BookingDto[]> {
  const response = await page.request.get('/api/me/bookings');
  expect(response.status()).toBe(200);
  const now = Date.now();
  return ((await response.json()) as BookingDto[])
    .filter((booking) => booking.status === 'CONFIRMED' && new Date(booking.session.startsAt).getTime() > now)
    .sort((a, b) => a.session.startsAt.localeCompare(b.session.startsAt));
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('after one visit the app opens offline with the upcoming bookings and a booking confirmation', async ({ page, context }) => {
  await signIn(page, demoAccounts.parent);
  await waitForWorkerControl(page);
  // The reads made before the worker took control are handed to it (their addresses), fetched by it and kept.
  await expect.poll(() => cachedPaths(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(['/index.html', '/api/me', '/api/me/bookings', '/api/sessions']));
  const [first] = await upcomingBookingsOf(page);
  expect(first, 'the demo parent has an upcoming booking').toBeDefined();
  const reference = `NB-${first!.id.slice(-8).toUpperCase()}`;

  await goOffline(context, page);
  // A cold start with no network: the page, its scripts and the family's data all come from the phone.
  await openApp(page, '/dashboard');
  await expect(page.getByText("You're offline. Some features may be limited.")).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'My Upcoming Bookings' });
  const row = upcoming.getByRole('listitem').filter({ hasText: `#${reference}` });
  await expect(row).toBeVisible();

  // Changes need the server: they are disabled with a clear message, not queued. A write that is sent anyway
  // fails: the worker neither answers it from a cache nor keeps it to replay.
  const write = await page.evaluate(() =>
    fetch('/api/bookings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(
      (response) => `answered ${response.status}`,
      () => 'failed',
    ),
  );
  expect(write).toBe('failed');
  await expect(upcoming.getByText(/You're offline\. Booking, cancelling and rescheduling need a connection/)).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel/ })).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Reschedule/ })).toBeDisabled();
  const calendar = dashboardCalendar(page);
  await waitForSessions(calendar);
  await expect(calendar.getByText(/You're offline\. Booking, cancelling and rescheduling need a connection/)).toBeVisible();
  const cards = calendar.getByRole('group').getByRole('button');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) await expect(card).toBeDisabled();

  // The layout moves down while the banner shows: the top bar starts below it.
  const banner = await page.getByText("You're offline. Some features may be limited.").boundingBox();
  const topBar = await page.getByRole('banner').boundingBox();
  expect(topBar!.y).toBeGreaterThanOrEqual(banner!.y + banner!.height - 1);
  await saveScreenshot(page, 'offline-dashboard', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'offline-dashboard-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });

  await row.getByRole('link', { name: new RegExp(`^View booking #${reference}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${first!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`#${reference}`) })).toBeVisible();
  // Issue 22: the code for the door is drawn offline too (its script is kept with the app's).
  await expect(page.getByRole('img', { name: `QR code for booking ${reference}` })).toBeVisible();
  await expect(page.getByText(first!.session.classType.name, { exact: true })).toBeVisible();
  await expect(page.getByText(formatTime(first!.session.startsAt)).first()).toBeVisible();
  await expect(page.getByText(first!.childNames.join(', '), { exact: true })).toBeVisible();

  // Back online: the banner goes and changes are possible again.
  await context.setOffline(false);
  await expect(page.getByText("You're offline. Some features may be limited.")).toHaveCount(0);
});

test('online, the worker answers from the network: a booking made elsewhere shows at once', async ({ page, family }) => {
  // A family of its own books (support/family.ts): the demo parent's bookings stay as seeded for the other journeys.
  await signIn(page, family);
  await waitForWorkerControl(page);
  await expect.poll(() => cachedPaths(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(['/api/me/bookings']));

  // Booked from another device (the test's own HTTP client, which the worker does not see).
  const booking = await bookAnySession(page);
  try {
    await openApp(page, `/booking-confirmation/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`#NB-${booking.id.slice(-8).toUpperCase()}`) })).toBeVisible();
  } finally {
    expect((await page.request.post(`/api/bookings/${booking.id}/cancel`)).status()).toBe(200);
  }
});

/** Books one child into the soonest session with room, through the API, trying the next one when refused. */
async function bookAnySession(page: Page): Promise<BookingDto> {
  const me = (await (await page.request.get('/api/me')).json()) as CurrentUser;
  const { from, to } = calendarFetchRange(new Date());
  const list = (await (await page.request.get(`/api/sessions?from=${from}&to=${to}&limit=1000&page=1`)).json()) as SessionsListResponse;
  const held = new Set((await upcomingBookingsOf(page)).map((booking) => booking.sessionId));
  const candidates = list.sessions
    .filter((session) => session.availableSpots > 0 && !held.has(session.id) && new Date(session.startsAt).getTime() > Date.now() + 3_600_000)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  for (const session of candidates.slice(0, 10)) {
    for (const child of me.children) {
      const response = await page.request.post('/api/bookings', { data: { sessionId: session.id, childNames: [child.name] } });
      if (response.status() === 201) return (await response.json()) as BookingDto;
    }
  }
  throw new Error('No session could be booked for the family');
}

test('signing out clears every cache of the family', async ({ page }) => {
  await signIn(page, demoAccounts.parent);
  await waitForWorkerControl(page);
  await expect.poll(() => cachedPaths(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(['/api/me', '/api/me/bookings']));

  await signOut(page);
  const paths = await cachedPaths(page);
  expect(paths.filter((p) => p.startsWith('/api/'))).toEqual([]);
  // The shell, which holds no one's data, comes back so the app still opens offline.
  await expect.poll(() => cachedPaths(page)).toContain('/index.html');
  expect((await cachedPaths(page)).filter((p) => p.startsWith('/api/'))).toEqual([]);
});

test.describe('a new version', () => {
  let original: Buffer;
  test.beforeAll(() => {
    original = readFileSync(builtWorker);
  });
  test.afterAll(() => writeWorker(original));

  /**
   * Deploys a changed worker, as a new build would (the server sends the pre-compressed copies first). Each file
   * is written aside and renamed over the old one, so a journey of the other worker that loads the worker
   * meanwhile (installable.spec.ts) reads one version or the other, never half a file.
   */
  function writeWorker(content: Buffer) {
    const files: Array<[string, Buffer]> = [
      [builtWorker, content],
      [`${builtWorker}.br`, brotliCompressSync(content)],
      [`${builtWorker}.gz`, gzipSync(content)],
    ];
    for (const [file, bytes] of files) {
      writeFileSync(`${file}.tmp`, bytes);
      renameSync(`${file}.tmp`, file);
    }
  }

  test('shows the update banner, and Update reloads the page into it', async ({ page }) => {
    await signIn(page, demoAccounts.parent);
    await waitForWorkerControl(page);
    await expect(page.getByText('A new version is available!')).toHaveCount(0);

    // The new version answers a question the old one cannot.
    writeWorker(
      Buffer.concat([
        original,
        Buffer.from(`\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.ports[0].postMessage('v2'); });\n`),
      ]),
    );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration!.update();
    });
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available!' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, 'update-banner', { fullPage: false });
    // Nothing changes until the user says so: the old version still controls the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Update' }).click()]);
    await waitForSplashToFinish(page);
    await expect(page.getByText('A new version is available!')).toHaveCount(0);
    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(String(event.data));
          navigator.serviceWorker.controller!.postMessage('version?', [channel.port2]);
          // A worker that was stopped starts again to take the message: on a busy CI machine that took over 5 s once.
          setTimeout(() => resolve('no answer'), 15_000);
        }),
    );
    expect(version).toBe('v2');
  });
});

test.describe('the install banner', () => {
  /** What Chromium does when the app may be installed: offer it with an event the page keeps. */
  async function offerInstall(page: Page) {
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
    });
  }

  test('appears 3 seconds after the browser offers installation, and Install opens the prompt', async ({ page }) => {
    await openApp(page, '/');
    await offerInstall(page);
    const banner = page.getByRole('region', { name: 'Install Northbound Athletics' });
    await page.waitForTimeout(2000);
    await expect(banner).toHaveCount(0);
    await expect(banner).toBeVisible({ timeout: 3000 });
    await saveScreenshot(page, 'install-banner', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'install-banner-390', { fullPage: false });
    await banner.getByRole('button', { name: 'Install', exact: true }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true);
  });

  test('once dismissed it stays away, and the floating Install App button is offered instead', async ({ page }) => {
    await openApp(page, '/');
    await offerInstall(page);
    const banner = page.getByRole('region', { name: 'Install Northbound Athletics' });
    await expect(banner).toBeVisible({ timeout: 5000 });
    await banner.getByRole('button', { name: 'Dismiss install banner' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Install App' })).toBeVisible();
    await saveScreenshot(page, 'install-app-button', { fullPage: false });
    expect(await page.evaluate(() => localStorage.getItem('pwa-banner-dismissed'))).toBe('true');

    // A later visit: the flag is remembered, so only the button shows.
    await openApp(page, '/');
    await offerInstall(page);
    await page.waitForTimeout(3500);
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Install App' })).toBeVisible();
  });

  test('neither shows when the app already runs installed', async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone') ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
    });
    await openApp(page, '/');
    await offerInstall(page);
    await page.waitForTimeout(3500);
    await expect(page.getByRole('region', { name: 'Install Northbound Athletics' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
  });
});
