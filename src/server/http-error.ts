/** An error meant for the client: its status and message become the JSON reply `{ message }`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a row id (a UUID, any letter case). */
export const isRowId = (value: string): boolean => UUID.test(value);

/**
 * An id from the URL, in the one form the database stores (lower case). A malformed id names nothing, so it
 * is the same 404 as an unknown one (`message`, e.g. 'Booking not found'), never a 400 nor a database error.
 */
export function idOr404(id: string, message: string): string {
  if (!isRowId(id)) throw new HttpError(404, message);
  return id.toLowerCase();
}
