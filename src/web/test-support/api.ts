/**
 * The fake API of the component tests: msw intercepts the components' own fetch calls (same paths, methods and
 * JSON bodies as the server's, typed with the shared schemas' DTOs), so a component is tested with its real data
 * layer (TanStack Query, src/web/lib/api.ts). Each test adds the answers it needs with `api.use(...)`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const api = setupServer();
export { http, HttpResponse };

/** An error answer as the server gives it: `{ message, code }` (src/shared/error-codes.ts) with its status. */
export function refusal(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ message, code, ...extra }, { status });
}
