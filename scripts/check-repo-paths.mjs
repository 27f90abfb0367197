// Checks that every repository path named in the documentation (README.md, docs/, bench/README.md) or in a source
// comment (src/, e2e/, scripts/, tools/, bench/: `//` and `/* */` comments, and `--` comments of SQL) exists: a
// comment that sends the reader to `src/server/db/migrations/0019_….sql` or a renamed file is a wrong turn. Paths
// start with src/, docs/, e2e/, scripts/, tools/ or bench/; a path with a placeholder (`<name>`, `*`, `{a,b}`, `NNN`,
// `…`) is a pattern, not a file, and is skipped, as are the outputs of a run (bench/results/, reports/). Run by
// `npm run lint`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const roots = ['src', 'docs', 'e2e', 'scripts', 'tools', 'bench'];
const generated = [/^bench\/results\//, /^reports\//];
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(file));

const docs = listed.filter((file) => file.endsWith('.md') && (file === 'README.md' || roots.some((root) => file.startsWith(`${root}/`))));
const sources = listed.filter((file) => roots.some((root) => file.startsWith(`${root}/`)) && /\.(ts|tsx|js|mjs|cjs|sql|sh)$/.test(file));

/** The comments of a source file, as one text per comment. */
function commentsOf(file, text) {
  if (file.endsWith('.sql')) return [...text.matchAll(/--[^\n]*/g)].map((match) => match[0]);
  if (file.endsWith('.sh')) return [...text.matchAll(/(?:^|\s)#[^\n]*/g)].map((match) => match[0]);
  // Line comments (not the // of an address such as https://) and block comments.
  return [...text.matchAll(/(?<![:\\'"`])\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((match) => match[0]);
}

const pathPattern = new RegExp(`(?<![\\w./@~-])(?:${roots.join('|')})/[A-Za-z0-9_./<>*{}…-]*[A-Za-z0-9_/>*}…-]`, 'g');
const isPattern = (candidate) => /[<>*{}…]|NNN|\/\.\.\.|\.\.\./.test(candidate);

// A shorter path (`services/bookings/booking-refusals.ts`, `db/toronto-week.test.ts`) must be the end of a file's path.
const shortPattern = /(?<![\w./@~-])(?:[A-Za-z0-9_.-]+\/)+[A-Za-z0-9_.-]+\.(?:ts|tsx|mjs|js|sql|json|sh|md)\b/g;
const decisions = listed.filter((file) => file.startsWith('docs/decisions/'));

const problems = [];
const check = (file, text) => {
  for (const match of text.matchAll(pathPattern)) {
    const candidate = match[0].replace(/[.,:;]+$/, '');
    if (isPattern(candidate) || generated.some((pattern) => pattern.test(candidate))) continue;
    // `docs/decisions/011` names decision 011.
    if (/^docs\/decisions\/\d{3}$/.test(candidate) && decisions.some((name) => name.startsWith(`${candidate}-`))) continue;
    if (!existsSync(candidate)) problems.push(`${file}: ${candidate}`);
  }
  for (const match of text.matchAll(shortPattern)) {
    const candidate = match[0];
    if (roots.some((root) => candidate.startsWith(`${root}/`)) || candidate.startsWith('node_modules/') || candidate.startsWith('dist/')) continue;
    if (candidate.startsWith('./') || candidate.startsWith('../')) continue; // a Markdown link's target: check-doc-links.mjs
    if (!listed.some((name) => name === candidate || name.endsWith(`/${candidate}`))) problems.push(`${file}: ${candidate}`);
  }
  // A top-level document by its name alone (such as README.md): beside the file or at the root.
  for (const match of text.matchAll(/(?<![\w./-])[A-Z][A-Z_-]+\.md\b/g)) {
    const beside = `${file.slice(0, file.lastIndexOf('/') + 1)}${match[0]}`;
    if (!existsSync(match[0]) && !existsSync(beside)) problems.push(`${file}: ${match[0]}`);
  }
};
for (const file of docs) check(file, readFileSync(file, 'utf8'));
for (const file of sources) for (const comment of commentsOf(file, readFileSync(file, 'utf8'))) check(file, comment);

if (problems.length) {
  console.error(`Paths that do not exist, named in the documentation or in a comment:\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}
console.log(`repository paths: ${docs.length} documents and the comments of ${sources.length} source files checked`);
