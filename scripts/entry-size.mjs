// Prints what a parent's first visit (login, then the dashboard) downloads: the JS and CSS that
// dist/web/index.html loads up front (its entry script, the chunks it imports statically, its stylesheets),
// raw, gzip-compressed and brotli-compressed, and the chunks loaded on demand (dynamic import()) apart.
// With --check it fails (exit 1) when the first load, brotli-compressed, is over the budget: brotli is what
// a modern browser receives (the server sends pre-compressed .br files; gzip is printed for older clients).
// Usage: node scripts/entry-size.mjs [--check] [dist/web]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Issue 10: the parent's first load stays within 170 KB of compressed JS+CSS (brotli, quality 11). */
export const FIRST_LOAD_BUDGET_BYTES = 170 * 1024;

const args = process.argv.slice(2);
const check = args.includes('--check');
const root = args.find((arg) => !arg.startsWith('--')) ?? 'dist/web';
const indexHtml = path.join(root, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(`${indexHtml} is missing: run npm run build first.`);
  process.exit(1);
}
const html = readFileSync(indexHtml, 'utf8');

// What index.html names: the entry script, its modulepreloads and the stylesheets.
const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"?#]+\.(?:js|css))"/g)].map((m) => m[1]);

// Follow the static imports (import … from "./x.js", export … from "./x.js") of every JS file loaded up front;
// import("./x.js") is a lazy chunk and is left out.
const staticImport = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;
const upFront = new Set();
const queue = [...named];
while (queue.length) {
  const file = queue.shift();
  if (upFront.has(file)) continue;
  upFront.add(file);
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(path.join(root, file), 'utf8');
  for (const m of code.matchAll(staticImport)) queue.push(path.posix.join(path.posix.dirname(file), m[1]));
}

const size = (file) => {
  const bytes = readFileSync(path.join(root, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const row = (name, s) => `  ${name.padEnd(52)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} ${kb(s.brotli).padStart(10)}`;
const header = `  ${''.padEnd(52)} ${'raw'.padStart(10)} ${'gzip -9'.padStart(10)} ${'brotli 11'.padStart(10)}`;

const total = { raw: 0, gzip: 0, brotli: 0 };
console.log('First load (login → dashboard: entry, its static imports, CSS):');
console.log(header);
for (const file of [...upFront].sort()) {
  const s = size(file);
  for (const k of Object.keys(total)) total[k] += s[k];
  console.log(row(file, s));
}
console.log(row('total', total));

console.log('Loaded on demand (dynamic import):');
for (const file of readdirSync(path.join(root, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .sort()) {
  if (upFront.has(`assets/${file}`)) continue;
  console.log(row(`assets/${file}`, size(`assets/${file}`)));
}

const budget = `${kb(FIRST_LOAD_BUDGET_BYTES)} brotli`;
if (total.brotli > FIRST_LOAD_BUDGET_BYTES) {
  const message = `First-load budget exceeded: ${kb(total.brotli)} brotli (${kb(total.gzip)} gzip) > ${budget}.`;
  console.error(`${message} Load what the login screen and the dashboard's first paint do not need with import().`);
  if (check) process.exit(1);
} else {
  console.log(`First load ${kb(total.brotli)} brotli (${kb(total.gzip)} gzip) is within the budget of ${budget}.`);
}
