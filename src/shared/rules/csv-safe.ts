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
