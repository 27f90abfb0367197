/** The longest stretch the import works without letting other requests in (see turnTaker). */
export const IMPORT_SLICE_MS = 10;

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
