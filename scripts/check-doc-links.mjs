// Checks that every relative link in README.md and docs/**/*.md points at an existing file or folder, and that a
// `#anchor` into a Markdown file names one of its headings (GitHub's slugs). Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const files = ['README.md'];
const walk = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.md')) files.push(full);
  }
};
walk('docs');

const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (file) => {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1])));
};

const problems = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto: …
    const [linkPath, anchor] = target.split('#');
    const resolved = linkPath ? path.join(path.dirname(file), decodeURI(linkPath)) : file;
    if (!existsSync(resolved)) problems.push(`${file}: ${target} (no such file)`);
    else if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
      problems.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
}
if (problems.length) {
  console.error(`Broken links in the documentation:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`doc links: ${files.length} files checked`);
