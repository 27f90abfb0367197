// Pre-compresses the built web app (dist/web) once, at build time: next to each text file of 1 KB or more it
// writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9), which @fastify/static sends as they are
// (`preCompressed: true`) to a browser that accepts them. A variant that would not be smaller is not written.
// index.html is left alone: the server fills in the business name and compresses that page in memory.
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web'));
const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.ico', '.txt']);
const MIN_BYTES = 1024;
const TEMPLATED = new Set([path.join(webRoot, 'index.html')]);

async function* filesUnder(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

const encoders = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gz: (bytes) => gzipSync(bytes, { level: 9 }),
};

let files = 0;
let before = 0;
const after = { br: 0, gz: 0 };
for await (const file of filesUnder(webRoot)) {
  if (!TEXT_EXTENSIONS.has(path.extname(file).toLowerCase()) || TEMPLATED.has(file)) continue;
  if ((await stat(file)).size < MIN_BYTES) continue;
  const bytes = await readFile(file);
  files += 1;
  before += bytes.length;
  for (const [extension, encode] of Object.entries(encoders)) {
    const target = `${file}.${extension}`;
    const packed = encode(bytes);
    if (packed.length < bytes.length) {
      await writeFile(target, packed);
      after[extension] += packed.length;
    } else {
      await unlink(target).catch(() => {});
      after[extension] += bytes.length;
    }
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`pre-compressed ${files} files in ${path.relative(process.cwd(), webRoot) || '.'}: ${kb(before)} -> br ${kb(after.br)}, gzip ${kb(after.gz)}`);
