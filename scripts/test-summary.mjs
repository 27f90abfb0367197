// Adds up the JSON reports that vitest and Playwright wrote to the given folder and prints one line
// "N passed, N failed, N skipped" and how many browser tests passed only on their retry (exit code 1 when
// anything failed or nothing ran).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2] ?? 'reports';
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
let files;
try {
  files = readdirSync(folder).filter((name) => name.endsWith('.json'));
} catch {
  files = [];
}
for (const name of files) {
  const report = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright JSON reporter
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    flaky += report.stats.flaky ?? 0;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else if ('numPassedTests' in report) {
    // Vitest JSON reporter
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
console.log(`${files.length} reports read`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped${flaky ? `, of the passed ${flaky} FLAKY (passed only on the retry: fix them)` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
