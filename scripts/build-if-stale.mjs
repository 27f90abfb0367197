// `npm start` and `npm run start:cluster` run this before the server: it builds (npm run build) only when dist/ is
// not a finished build of the current sources (scripts/build-freshness.mjs), and says in one line which and why.
//   node scripts/build-if-stale.mjs                 build if stale
//   node scripts/build-if-stale.mjs --clear-stamp   first step of npm run build
//   node scripts/build-if-stale.mjs --write-stamp   last step of npm run build
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearStamp, decideBuild, readBuildState, writeStamp } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv.includes('--clear-stamp')) {
  clearStamp(root);
} else if (process.argv.includes('--write-stamp')) {
  writeStamp(root);
} else {
  const { build, reason } = decideBuild(readBuildState(root));
  console.log(reason);
  if (build) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (result.error) throw result.error;
    process.exit(result.status ?? 1);
  }
}
