import { defineConfig, devices } from '@playwright/test';
import { E2E_PORTS } from './e2e/support/ports.mjs';

/** The journeys' server, and the office's (see the projects below); each starts on fresh, seeded data. */
const JOURNEYS_URL = `http://127.0.0.1:${E2E_PORTS.journeys}`;
const OFFICE_PORT = E2E_PORTS.office;
const OFFICE_URL = `http://127.0.0.1:${OFFICE_PORT}`;

/**
 * The admin journeys that change what every family sees or count everyone's data: a class type's name and the
 * administrator's password (admin-classes), every booking in a range (admin-reservations), new sessions on every
 * calendar (admin-sessions), every user (admin-users), acting for a family (admin-front-desk), full sessions with
 * waitlists and the count of children waiting (admin-waitlist), a closed day that cancels its sessions (admin-closures), sessions of today for the door (admin-check-in,
 * admin-door-flags), the parents' waitlist journey (waitlist), which needs full sessions of its own, and the family's
 * data and its erasure (family-privacy), which removes a family from the users list, and the CSV import (admin-import),
 * whose forty families would push the demo parent off the users list's first page while they exist. They run against a server of
 * their own, one file after another, while the other worker runs the journeys.
 */
const OFFICE_FILES = /[\\/](admin-(classes|closures|import|reservations|sessions|users|front-desk|waitlist|check-in|door-flags)|waitlist|family-privacy)\.spec\.ts$/;

/**
 * Checks that time the app on the page's own clock (issue 33: a reload or a second tab usable within 1 s). They run
 * alone, after the office's files and the journeys are done: beside two other browsers and their servers on a
 * 2-core machine they would time the machine's contention, not the app.
 */
const TIMED_FILES = /[\\/]start-up-time\.spec\.ts$/;

const server = {
  reuseExistingServer: false,
  timeout: 120000,
  // Without this Playwright kills the process group outright and start-server.mjs cannot remove its temp dir.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 10000 },
} as const;

// End-to-end journeys against the built app (npm run build runs first, see test:e2e), driving Debian's Chromium.
// Each server starts on a fresh temporary data directory and seeds the demo accounts.
//
// Two workers. The journeys that book, cancel or sign other devices out use families of their own
// (e2e/support/family.ts); the others only read the demo accounts' data, which no journey on their server changes.
// A file whose tests follow one another (a booking made, then changed) is serial
// (test.describe.configure({ mode: 'serial' })); every other test may run beside any other.
export default defineConfig({
  testDir: 'e2e',
  // A journey of the office on a busy 2-core machine takes 20-30 s; a test fails on what it finds, not because
  // the machine is slow (assertions unchanged): 60 s a test, 10 s for an expectation to come true.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // One retry in CI only: a test that passes on its retry is listed as flaky in the report (and in the closing
  // line of npm test), never hidden; locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // The JSON report lands beside vitest's in reports/ (CI adds them up into one closing line).
  reporter: [['list'], ['json', { outputFile: `reports/playwright-${Date.now()}.json` }]],
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  use: {
    ...devices['Desktop Chrome'],
    baseURL: JOURNEYS_URL,
    headless: true,
    // A trace records DOM snapshots and screencast frames of every action: a third of the browser run's CPU when
    // kept for every test. CI traces a failed test's retry (the failure again, recorded); locally a failure keeps
    // the trace of its only run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The journeys stub API answers with page.route, which a service worker would bypass; the app works without
    // one (registration failures are only logged). e2e/offline-app.spec.ts turns it on to test it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The office's files come first, so one worker starts on them while the other starts on the journeys.
  projects: [
    { name: 'office', testMatch: OFFICE_FILES, workers: 1, use: { baseURL: OFFICE_URL } },
    { name: 'journeys', testIgnore: [OFFICE_FILES, TIMED_FILES] },
    { name: 'timed', testMatch: TIMED_FILES, workers: 1, fullyParallel: false, dependencies: ['office', 'journeys'] },
  ],
  webServer: [
    // Also starts the mailbox (SMTP 4175, HTTP 4176) both servers send to.
    { command: 'node e2e/support/start-server.mjs', url: `${JOURNEYS_URL}/api/health`, ...server },
    {
      command: 'node e2e/support/start-server.mjs',
      env: { E2E_PORT: String(OFFICE_PORT), E2E_SHARED_MAILBOX: '1' },
      url: `${OFFICE_URL}/api/health`,
      ...server,
    },
  ],
});
