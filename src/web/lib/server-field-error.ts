import { ApiError } from './api';

/**
 * The server's message about one form field, when its refusal named that field (a 400's `errors: [{ field,
 * message }]`, e.g. 'This password is too common. Choose another one.' on newPassword): the form shows it
 * next to the field, not only in a toast. The server keeps the rule (and its list) to itself.
 */
export function serverFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fieldErrors.find((problem) => problem.field === field)?.message;
}
