/** The longest stretch the import works without letting other requests in (see turnTaker). */
export const IMPORT_SLICE_MS = 5;

/**
 * A CSV import of thousands of rows is long work on the request thread: parsing, checking every row, and the
 * database statements, which on PGlite (the embedded database) run in this very thread, so awaiting one
 * never lets a timer or a socket in. The import's loops call the returned function between steps: once
 * `sliceMs` have passed since the last turn it waits for the event loop to go round (setImmediate: pending
 * sockets, other requests, timers), so `GET /api/health` and everyone else keep being answered meanwhile.
 */
export function turnTaker(sliceMs = IMPORT_SLICE_MS): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  };
}

/** How many rows an import reads or writes per statement (importBatches). */
export interface ImportBatches {
  /** E-mails looked up per query. */
  lookup: number;
  /** Accounts, children or account updates written per statement. */
  rows: number;
  /** Welcome e-mails (a few kB each, with their links) queued per call. */
  welcomes: number;
}

/**
 * PostgreSQL runs a statement in its own process while the request thread waits on a socket: larger statements
 * (250 rows; 50 welcome e-mails, whose building is the request thread's work). PGlite runs the statement in the
 * request thread itself: small ones (25 new accounts, or 10 welcome e-mails, take about 10 ms), with a turn for
 * other requests in between. `npm run bench -- import` measures GET /api/health during the largest file.
 */
export function importBatches(database: 'pglite' | 'postgres'): ImportBatches {
  return database === 'pglite' ? { lookup: 250, rows: 25, welcomes: 10 } : { lookup: 1000, rows: 250, welcomes: 50 };
}
