import { z } from 'zod';

/**
 * The database answered something its caller does not expect (a SQL function changed its answer's shape without
 * the code that reads it): an internal error, answered 500 like any other, with a log line naming the query and
 * where the answer differed. Never the values: an answer may hold names, e-mails and hashes.
 */
export class UnexpectedDatabaseAnswer extends Error {
  constructor(what: string, error: z.ZodError) {
    const where = error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`)
      .join('; ');
    super(`unexpected answer from the database (${what}): ${where}`);
    this.name = 'UnexpectedDatabaseAnswer';
  }
}

/**
 * The rows of `db.execute(sql…)` (node-postgres' QueryResult and PGlite's Results both have `rows`), each parsed with `row` (issue 30: the TypeScript–SQL seam is checked, not cast).
 * `what` names the query in the error (e.g. 'portal_cancel_booking').
 */
export function rowsOf<S extends z.ZodType>(row: S, result: unknown, what: string): Array<z.output<S>> {
  const parsed = z.object({ rows: z.array(row) }).safeParse(result);
  if (parsed.success) return parsed.data.rows;
  throw new UnexpectedDatabaseAnswer(what, parsed.error);
}

/** The one row a `select portal_…(…) as answer` returns, parsed with `row`. */
export function oneRowOf<S extends z.ZodType>(row: S, result: unknown, what: string): z.output<S> {
  const rows = rowsOf(row, result, what);
  const [first] = rows;
  if (rows.length !== 1 || first === undefined) {
    throw new UnexpectedDatabaseAnswer(what, new z.ZodError([{ code: 'custom', path: [], message: `expected one row, got ${rows.length}`, input: undefined }]));
  }
  return first;
}
