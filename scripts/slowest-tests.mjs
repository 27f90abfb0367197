// Prints the slowest test files of the run (vitest: reports/timings/*.json from scripts/vitest-file-times.ts,
// everything a file took; Playwright: reports/playwright-*.json, the sum of its tests' durations).
// `--start` marks the start of a run (reports/.run-started); without it, only reports written since the mark
// are read (all of them when there is no mark). Never fails: it only informs.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const folder = 'reports';
const mark = path.join(folder, '.run-started');
const COUNT = 10;

if (process.argv.includes('--start')) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(mark, String(Date.now()));
  process.exit(0);
}

try {
  const since = existsSync(mark) ? Number(readFileSync(mark, 'utf8')) : 0;
  const fresh = (dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => path.join(dir, name))
          .filter((file) => statSync(file).mtimeMs >= since)
      : [];
  const rows = [];
  for (const file of fresh(path.join(folder, 'timings'))) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (report.kind !== 'vitest-file-times') continue;
    const zone = report.zone === 'local' ? '' : ` TZ=${report.zone}`;
    for (const f of report.files) rows.push({ ms: f.ms, label: `${f.project}${zone}`, file: f.file });
  }
  for (const file of fresh(folder).filter((f) => path.basename(f).startsWith('playwright-'))) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const perFile = new Map();
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(spec.file ?? suite.file, (perFile.get(spec.file ?? suite.file) ?? 0) + ms);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    for (const [f, ms] of perFile) rows.push({ ms, label: 'browser', file: path.join('e2e', f) });
  }
  rows.sort((a, b) => b.ms - a.ms);
  if (rows.length) {
    console.log(`\nSlowest ${Math.min(COUNT, rows.length)} test files of this run (of ${rows.length}):`);
    for (const row of rows.slice(0, COUNT)) console.log(`${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.label.padEnd(22)} ${row.file}`);
  }
} catch (err) {
  console.log(`(no slowest-files listing: ${err.message})`);
}
