// Is dist/ a finished build of the current sources? `npm start` asks this (scripts/build-if-stale.mjs) so that a
// restart with nothing changed serves the existing build in seconds instead of rebuilding for 25.
//
// `npm run build` removes dist/.build-stamp first and writes it last, so a build that stopped half-way is never
// taken as fresh; the stamp carries the time the build started, so a file saved while it ran counts as newer. dist/ is fresh when the stamp exists, the entry points exist, and no input (a file or folder
// under src/, or one of the build's config files) was modified after the stamp. Folders count too: adding,
// removing or renaming a file changes its folder's time.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the build's last step; its modification time is the build's. */
export const STAMP = 'dist/.build-stamp';
/** Written by the build's first step: when it started. */
const STARTED = 'dist/.build-started';
/** What `npm start` and `npm run start:cluster` run: missing one means there is no build to reuse. */
export const OUTPUTS = ['dist/server/server.js', 'dist/server/cluster.js', 'dist/web/index.html'];
/** Folders read recursively: the web app (src/web/index.html and src/web/public included), the server, shared code. */
export const INPUT_FOLDERS = ['src'];
/** Single files the build reads (a missing one is skipped). node_modules/.package-lock.json changes on every npm install/ci. */
export const INPUT_FILES = [
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/compress-web.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.sw.json',
  'node_modules/.package-lock.json',
];

/**
 * The decision, from file times only (pure).
 * @param {{ stampMtimeMs: number | undefined, missingOutputs: string[], inputs: { path: string, mtimeMs: number }[] }} state
 * @returns {{ build: boolean, reason: string }}
 */
export function decideBuild({ stampMtimeMs, missingOutputs, inputs }) {
  if (stampMtimeMs === undefined) {
    return { build: true, reason: `no finished build in dist/ (${STAMP} is missing); building` };
  }
  if (missingOutputs.length > 0) {
    return { build: true, reason: `${missingOutputs[0]} is missing; building` };
  }
  const newer = inputs.filter((input) => input.mtimeMs > stampMtimeMs).sort((a, b) => b.mtimeMs - a.mtimeMs);
  if (newer.length > 0) {
    const others = newer.length > 1 ? ` (and ${newer.length - 1} more)` : '';
    return { build: true, reason: `${newer[0].path} changed since the last build${others}; building` };
  }
  return { build: false, reason: 'dist/ is up to date (no source file changed since the last build); skipping the build' };
}

/** Modification times of every file and folder under `folder` (the folder included), relative to `root`. */
function timesUnder(root, folder, into) {
  const full = path.join(root, folder);
  let entries;
  try {
    into.push({ path: folder, mtimeMs: statSync(full).mtimeMs });
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) timesUnder(root, relative, into);
    else if (entry.isFile()) into.push({ path: relative, mtimeMs: statSync(path.join(root, relative)).mtimeMs });
  }
}

/** Reads the state `decideBuild` needs from the project folder `root`. */
export function readBuildState(root) {
  const mtime = (relative) => {
    try {
      return statSync(path.join(root, relative)).mtimeMs;
    } catch {
      return undefined;
    }
  };
  const inputs = [];
  for (const folder of INPUT_FOLDERS) timesUnder(root, folder, inputs);
  for (const file of INPUT_FILES) {
    const mtimeMs = mtime(file);
    if (mtimeMs !== undefined) inputs.push({ path: file, mtimeMs });
  }
  return {
    stampMtimeMs: mtime(STAMP),
    missingOutputs: OUTPUTS.filter((output) => !existsSync(path.join(root, output))),
    inputs,
  };
}

/** First step of `npm run build`: until the last step writes a new stamp, dist/ is not a finished build. */
export function clearStamp(root) {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  rmSync(path.join(root, STAMP), { force: true });
  writeFileSync(path.join(root, STARTED), `${new Date().toISOString()}\n`);
}

/** Last step of `npm run build`: the stamp, dated when the build started (now, if that is unknown). */
export function writeStamp(root) {
  let started = new Date();
  try {
    started = statSync(path.join(root, STARTED)).mtime;
  } catch {
    /* a build run without its first step: date it now */
  }
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, STAMP), `build started ${started.toISOString()}\n`);
  utimesSync(path.join(root, STAMP), started, started);
  rmSync(path.join(root, STARTED), { force: true });
}
