import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineCacheFor } from '../../shared/rules/offline-data';
import { sessionsKeys, sessionsQuery } from './sessions';

describe('sessionsQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  const params = { from: '2026-03-02', to: '2026-03-15', limit: 1000, page: 1, classCode: 'U12' };

  it('keys every read under the endpoint path, with exactly the address parameters second', () => {
    const { queryKey } = sessionsQuery({ ...params, extra: 'ignored' } as typeof params);
    // A prefix match of sessionsKeys.all, the offline refresh (main.tsx) and lib/session-cache.ts rely on this shape.
    expect(queryKey).toEqual([...sessionsKeys.all, params]);
    expect(offlineCacheFor(String(queryKey[0]))).toBe('window');
  });

  it('asks for the parameters in one order, leaving out a missing class', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{"sessions":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { queryFn } = sessionsQuery({ classCode: undefined, page: 2, limit: 20, to: '2026-03-15', from: '2026-03-02' });
    await (queryFn as (context: unknown) => Promise<unknown>)({ signal: new AbortController().signal });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sessions?from=2026-03-02&to=2026-03-15&limit=20&page=2');
  });
});
