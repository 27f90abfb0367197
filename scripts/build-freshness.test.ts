import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUTS, STAMP, clearStamp, decideBuild, readBuildState, writeStamp } from './build-freshness.mjs';

// `npm start` rebuilds only when some input is newer than the last finished build (scripts/build-if-stale.mjs).

const BUILT = Date.parse('2026-11-25T10:00:00Z');
const inputs = [
  { path: 'src/web/main.tsx', mtimeMs: BUILT - 60_000 },
  { path: 'src/server/server.ts', mtimeMs: BUILT - 3_600_000 },
  { path: 'package.json', mtimeMs: BUILT - 86_400_000 },
];

describe('decideBuild', () => {
  it('skips the build when dist/ is newer than every input', () => {
    expect(decideBuild({ stampMtimeMs: BUILT, missingOutputs: [], inputs })).toEqual({
      build: false,
      reason: 'dist/ is up to date (no source file changed since the last build); skipping the build',
    });
  });

  it('builds when one input is newer than the stamp, and names it', () => {
    const changed = [...inputs, { path: 'src/web/features/calendar/week.tsx', mtimeMs: BUILT + 1 }];
    expect(decideBuild({ stampMtimeMs: BUILT, missingOutputs: [], inputs: changed })).toEqual({
      build: true,
      reason: 'src/web/features/calendar/week.tsx changed since the last build; building',
    });
  });

  it('names the newest of several changed inputs and counts the others', () => {
    const changed = [
      ...inputs,
      { path: 'src/shared/week.ts', mtimeMs: BUILT + 5_000 },
      { path: 'vite.config.ts', mtimeMs: BUILT + 9_000 },
    ];
    expect(decideBuild({ stampMtimeMs: BUILT, missingOutputs: [], inputs: changed }).reason).toBe(
      'vite.config.ts changed since the last build (and 1 more); building',
    );
  });

  it('builds when there is no stamp (never built, or a build that stopped half-way)', () => {
    expect(decideBuild({ stampMtimeMs: undefined, missingOutputs: [], inputs })).toEqual({
      build: true,
      reason: `no finished build in dist/ (${STAMP} is missing); building`,
    });
  });

  it('builds when an entry point is missing although the stamp is there', () => {
    expect(decideBuild({ stampMtimeMs: BUILT, missingOutputs: ['dist/server/server.js'], inputs })).toEqual({
      build: true,
      reason: 'dist/server/server.js is missing; building',
    });
  });
});

describe('readBuildState with the build steps, on a project folder', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const at = (relative: string, ms: number) => utimesSync(path.join(root, relative), ms / 1000, ms / 1000);
  const write = (relative: string, ms: number) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), 'x');
    at(relative, ms);
  };

  it('fresh after a finished build; stale after a source file or folder changes, or while a build runs', () => {
    root = mkdtempSync(path.join(tmpdir(), 'build-freshness-'));
    const past = Date.now() - 3_600_000;
    for (const file of ['src/web/main.tsx', 'src/web/public/favicon.svg', 'src/server/server.ts', 'package.json']) write(file, past);
    for (const folder of ['src/web/public', 'src/web', 'src/server', 'src']) at(folder, past);
    expect(decideBuild(readBuildState(root)).build).toBe(true); // never built

    clearStamp(root);
    for (const output of OUTPUTS) write(output, Date.now());
    expect(decideBuild(readBuildState(root)).reason).toContain(STAMP); // outputs there, but the build did not finish
    writeStamp(root);
    expect(decideBuild(readBuildState(root))).toMatchObject({ build: false });

    write('src/web/main.tsx', Date.now() + 60_000);
    expect(decideBuild(readBuildState(root)).reason).toBe('src/web/main.tsx changed since the last build; building');

    at('src/web/main.tsx', past);
    at('src/web/public', Date.now() + 60_000); // a file added to or removed from it
    expect(decideBuild(readBuildState(root)).reason).toBe('src/web/public changed since the last build; building');
  });
});
