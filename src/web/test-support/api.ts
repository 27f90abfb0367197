/**
 * The fake API of the component tests: msw intercepts the components' own fetch calls (same paths, methods and
 * JSON bodies as the server's, typed with the shared schemas' DTOs), so a component is tested with its real data
 * layer (TanStack Query, src/web/lib/api.ts). Each test adds the answers it needs with `api.use(...)`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_POLICIES, POLICIES_PATH } from '../../shared/schemas/settings';

// Issue 32: every calendar reads the closed days, and the Sessions tab the office's list; no closure unless a test says
// otherwise. The cancel dialog reads the policies: the defaults unless a test says otherwise.
export const api = setupServer(
  http.get(POLICIES_PATH, () => HttpResponse.json(DEFAULT_POLICIES)),
  http.get('/api/closures', () => HttpResponse.json({ closures: [] })),
  http.get('/api/admin/closures', () => HttpResponse.json({ closures: [] })),
);
export { http, HttpResponse };

/** An error answer as the server gives it: `{ message, code }` (src/shared/error-codes.ts) with its status. */
export function refusal(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ message, code, ...extra }, { status });
}

/** Every POST sent to `path` (an msw path pattern), with its JSON body and Idempotency-Key; `answer` decides each reply (n counts from 1). */
export function recordPosts(path: string, answer: (n: number, body: unknown) => Response | Promise<Response>) {
  const posts: { url: string; body: unknown; key: string | null }[] = [];
  api.use(
    http.post(path, async ({ request }) => {
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      posts.push({ url: new URL(request.url).pathname, body, key: request.headers.get('idempotency-key') });
      return answer(posts.length, body);
    }),
  );
  return posts;
}

/** An Idempotency-Key as the app makes them (a v4 UUID). */
export const IDEMPOTENCY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
