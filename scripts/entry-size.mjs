// Prints what a first visit downloads: the JS and CSS that dist/web/index.html loads up front (its entry
// script, modulepreloads and stylesheets), raw and gzip-compressed, and the lazily loaded chunks apart.
// Usage: node scripts/entry-size.mjs [dist/web]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const html = readFileSync(path.join(root, 'index.html'), 'utf8');
const upFront = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const size = (file) => {
  const bytes = readFileSync(path.join(root, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let raw = 0;
let gzip = 0;
console.log('Loaded up front:');
for (const file of [...upFront].sort()) {
  const s = size(file);
  raw += s.raw;
  gzip += s.gzip;
  console.log(`  ${file.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip`);
console.log('Loaded on demand:');
for (const file of readdirSync(path.join(root, 'assets')).filter((f) => /\.(js|css)$/.test(f)).sort()) {
  if (upFront.has(`assets/${file}`)) continue;
  const s = size(`assets/${file}`);
  console.log(`  assets/${file.padEnd(41)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip`);
}
