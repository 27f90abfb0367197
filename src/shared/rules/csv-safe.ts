/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet treats a cell that starts with one of these
 * characters as a formula (or, for tab and carriage return, may shift it into one), so a parent's name like
 * `=HYPERLINK("http://x")` would run when the office opens an export. Such a cell gets a leading single quote,
 * which spreadsheets show as text; quoting and escaping of the cell itself stay with the CSV library.
 */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** The value, prefixed with `'` when it starts with a formula trigger; any other value unchanged. */
export function neutraliseFormula(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.includes(value[0]!) ? `'${value}` : value;
}

/**
 * The value as it was before neutraliseFormula (issue 33): an import reading a file the portal wrote (the rejected
 * rows of an import, fixed and imported again) drops the `'` it added, so a phone '+1 416…' or a '-' comes back as
 * written. Importing stores text as text, so nothing is run either way.
 */
export function restoreNeutralised(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_TRIGGERS.includes(value[1]!) ? value.slice(1) : value;
}
