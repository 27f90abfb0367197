// npm run lighthouse: Lighthouse 12 (mobile preset, its default) on the built app, as a phone would see it.
// Starts dist/server/server.js in production mode on a fresh data directory (demo data), then audits the
// login page and the signed-in parent dashboard in Debian's Chromium, and prints the scores and paint times.
// Run `npm run build` first. Options: --url=http://host:port to audit a server that is already running;
// --save=dir to keep each full report (JSON) for a closer look; --only=login|dashboard to audit one page;
// --runs=N to audit each page N times and report the median run (the scores move by a few points between runs
// on a busy machine; every run's score is printed beside it); CHROME_PATH to use another Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = 4180;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PARENT = { email: 'parent@example.com', password: 'parent-demo-1' };
const given = process.argv.find((arg) => arg.startsWith('--url='))?.slice('--url='.length);
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const saveDir = process.argv.find((arg) => arg.startsWith('--save='))?.slice('--save='.length);
const runs = Math.max(1, Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 1));

async function waitForHealth(base, server) {
  for (let i = 0; i < 120; i++) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not answer /api/health within 60 s`);
}

/** The session cookie of a signed-in parent, for auditing /dashboard. */
async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PARENT),
  });
  if (!response.ok) throw new Error(`sign-in as ${PARENT.email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

let server;
let dataDir;
const base = given ?? `http://127.0.0.1:${PORT}`;
if (!given) {
  if (!fs.existsSync('dist/server/server.js')) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(1);
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-lighthouse-'));
  // The embedded database, whatever this shell's DATABASE_URL says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  server = spawn(process.execPath, ['dist/server/server.js'], {
    env: { ...env, NODE_ENV: 'production', SEED_DEMO_DATA: 'true', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

let chrome;
let failed = false;
try {
  await waitForHealth(base, server);
  const cookie = await signIn(base);
  chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const pages = [
    { name: 'login page /', url: `${base}/`, headers: {} },
    { name: 'parent dashboard /dashboard', url: `${base}/dashboard`, headers: { Cookie: cookie } },
  ];
  if (only) pages.splice(0, pages.length, ...pages.filter((page) => page.name.includes(only)));
  const rows = [];
  let version = '';
  for (const page of pages) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      results.push(
        await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: page.headers,
        }),
      );
    }
    const performanceOf = (r) => r.lhr.categories.performance?.score ?? 0;
    const sorted = [...results].sort((a, b) => performanceOf(a) - performanceOf(b));
    const result = sorted[Math.floor((sorted.length - 1) / 2)];
    const range = runs > 1 ? sorted.map((r) => Math.round(performanceOf(r) * 100)).join(' ') : undefined;
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) console.error(`${page.name}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      const file = path.join(saveDir, `${page.name.split(' ').pop().replace(/\W+/g, '') || 'root'}.json`);
      fs.writeFileSync(file, JSON.stringify(result.lhr, null, 1));
      // The page's trace too (open it in Chrome DevTools' Performance panel).
      const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
      if (trace) fs.writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    }
    version = result.lhr.lighthouseVersion;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    rows.push({
      page: page.name,
      performance: score('performance'),
      ...(range && { [`${runs} runs`]: range }),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      FCP: audits['first-contentful-paint']?.displayValue,
      LCP: audits['largest-contentful-paint']?.displayValue,
      SI: audits['speed-index']?.displayValue,
      TBT: audits['total-blocking-time']?.displayValue,
      CLS: audits['cumulative-layout-shift']?.displayValue,
    });
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => `  - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    if (failing.length) console.log(`${page.name}: audits below 90\n${failing.join('\n')}`);
  }
  console.log(`\nLighthouse ${version} mobile preset, ${CHROME}`);
  console.table(rows);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await chrome?.kill();
  server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
