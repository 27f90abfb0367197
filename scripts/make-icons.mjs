// Draws the installed app's icons into src/web/public/icons (run once; the PNGs are committed, so the build
// needs no browser): `node scripts/make-icons.mjs`. The mark is the favicon's: the white "N" on a brand-red tile.
//   icon-192.png, icon-512.png     purpose "any": the rounded tile on a transparent background
//   icon-maskable-512.png          purpose "maskable": full-bleed red, the letter well inside the 80 % safe zone
//   apple-touch-icon.png (180)     full-bleed red (iOS rounds the corners itself)
// Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) renders each SVG and takes a screenshot of it.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(projectRoot, 'src', 'web', 'public', 'icons');
const favicon = await readFile(path.join(projectRoot, 'src', 'web', 'public', 'favicon.svg'), 'utf8');
const brandRed = favicon.match(/fill="(#[0-9a-f]{6})"/i)?.[1] ?? '#c8102e';
const letter = favicon.match(/<path d="([^"]+)"/)?.[1];
if (!letter) throw new Error('favicon.svg has no <path> for the letter');

/**
 * The mark on a 64-unit canvas. `tile`: a rounded tile (transparent corners) or the whole square. `scale`: the
 * letter's size against the favicon's (the favicon's letter spans 28 of 64 units, centred).
 */
function markSvg({ size, tile, scale }) {
  const background = tile
    ? `<rect width="64" height="64" rx="14" fill="${brandRed}"/>`
    : `<rect width="64" height="64" fill="${brandRed}"/>`;
  const glyph = `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)"><path d="${letter}" fill="#fff"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${background}${glyph}</svg>`;
}

// Maskable: the safe zone is a circle of radius 40 % of the icon; the letter's corners reach
// sqrt(2) * 14 * 1.15 ≈ 22.8 of 64 units (35.6 %) from the centre, inside it.
const icons = [
  { file: 'icon-192.png', size: 192, tile: true, scale: 1 },
  { file: 'icon-512.png', size: 512, tile: true, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, tile: false, scale: 1.15 },
  { file: 'apple-touch-icon.png', size: 180, tile: false, scale: 1.1 },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${markSvg(icon)}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    console.log(`wrote ${path.relative(projectRoot, path.join(outDir, icon.file))} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
