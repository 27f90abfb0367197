import { defineConfig, devices } from '@playwright/test';

// End-to-end journeys against the built app (npm run build runs first, see test:e2e), driving Debian's Chromium.
// The server starts on a fresh temporary data directory and seeds the demo accounts.
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  // One retry in CI only: a test that passes on its retry is listed as flaky in the report (and in the closing
  // line of npm test), never hidden; locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // The JSON report lands beside vitest's in reports/ (CI adds them up into one closing line).
  reporter: [['list'], ['json', { outputFile: `reports/playwright-${Date.now()}.json` }]],
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  use: {
    ...devices['Desktop Chrome'],
    baseURL: 'http://127.0.0.1:4173',
    headless: true,
    trace: 'retain-on-failure',
    // The journeys stub API answers with page.route, which a service worker would bypass; the app works without
    // one (registration failures are only logged). e2e/offline-app.spec.ts turns it on to test it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: 'http://127.0.0.1:4173/api/health',
    reuseExistingServer: false,
    timeout: 120000,
    // Without this Playwright kills the process group outright and start-server.mjs cannot remove its temp dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10000 },
  },
});
