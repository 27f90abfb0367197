/**
 * Issue 29: when two spellings name the same child. One rule for the browser, the server and the database: a name's
 * key is its NFKC form (composed and decomposed accents, full-width letters and other compatibility forms read alike),
 * lower-cased one character at a time by the Unicode simple mapping, the Turkish dotted capital İ read as i (what
 * PostgreSQL's lower() gives), then NFKC again and the surrounding white space dropped. So 'Zoé', 'ZOE\u0301',
 * 'Ｚｏé' and 'zoé' are one child, as are 'Mia' and 'MİA', and 'STRAẞE' and 'straße'; 'Strasse' is another name.
 *
 * The database keeps the key of every child (`children.name_key`, unique among a family's current children) and
 * computes it with portal_child_name_key (src/server/db/functions/portal_child_name_key.sql), which maps the same characters with a table and never
 * asks the server's locale; `src/server/routes/child-names.test.ts` proves both give the same key, on PGlite and on
 * PostgreSQL. No per-string context (the Greek final sigma) and no locale (Turkish, Lithuanian) takes part.
 */

/** The characters JavaScript's lower-casing turns into more than one (İ → i + combining dot): the one-character form. */
const SINGLE_LOWER: Readonly<Record<string, string>> = { '\u0130': 'i' };

/** The key two names of a family's children are compared by (see above). */
export function childNameKey(name: string): string {
  const compatible = name.normalize('NFKC');
  let lower = '';
  for (const char of compatible) lower += SINGLE_LOWER[char] ?? char.toLowerCase();
  return lower.normalize('NFKC').trim();
}

/** Whether two names are the same child's. */
export const sameChildName = (a: string, b: string) => childNameKey(a) === childNameKey(b);

/**
 * The first two names of a list that read as one child's, or null when every name is another child's: of the
 * children named more than once, the one named first, with its first two spellings (as the database's
 * portal_named_twice names them: ['Ava', 'Leo', 'leo', 'ava'] is Ava's, not Leo's). Blank names are skipped.
 */
export function firstRepeatedChildName(names: readonly string[]): [string, string] | null {
  const keys = names.map(childNameKey);
  for (const [i, key] of keys.entries()) {
    if (!key || keys.indexOf(key) !== i) continue;
    const again = keys.indexOf(key, i + 1);
    if (again !== -1) return [names[i]!, names[again]!];
  }
  return null;
}

/** Quotes the spellings when they differ: '"Mia" and "MİA" name the same child'. */
const spellings = ([first, second]: readonly [string, string]) =>
  first.trim() === second.trim() ? `"${first.trim()}" is listed twice` : `"${first.trim()}" and "${second.trim()}" name the same child`;

/** A booking or waitlist request that names one child twice: 'Each child can be listed only once: "Mia" and "MİA" name the same child'. */
export const childListedTwiceMessage = (pair: readonly [string, string]) => `Each child can be listed only once: ${spellings(pair)}`;

/** A user form whose children share a name: 'Each child needs a different name: "Mia" and "MİA" name the same child'. */
export const childNamesClashMessage = (pair: readonly [string, string]) => `Each child needs a different name: ${spellings(pair)}`;
