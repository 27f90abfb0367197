import { errorCodeForStatus, type ErrorCode } from '../shared/error-codes';

/**
 * An error meant for the client: its status, message and code become the JSON reply `{ message, code, ...details }`
 * (plugins/errors.ts). Without a code of its own it answers its status's (src/shared/error-codes.ts), so no error
 * answer lacks one.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    public readonly statusCode: number,
    message: string,
    options: { code?: ErrorCode; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = options.code ?? errorCodeForStatus(statusCode);
    this.details = options.details;
  }

  /** The JSON body of the answer: details first, so they can never replace the code or the message (the keys in the order a stored jsonb answer replays them). */
  body(): Record<string, unknown> {
    return { ...this.details, code: this.code, message: this.message };
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

/** The body of an error answer built without throwing (a CRM delivery's outcome, a probe): `{ message, code }`. */
export function errorBody(status: number, message: string, code: ErrorCode = errorCodeForStatus(status)): { message: string; code: ErrorCode } {
  return { message, code };
}
