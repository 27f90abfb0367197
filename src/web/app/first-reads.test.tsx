import { hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { api, http, HttpResponse } from '../test-support/api';
import { child, classType, parent, sessionsPage } from '../test-support/fixtures';
import { renderApp, screen, waitFor } from '../test-support/render';
import { DashboardScreen } from './dashboard-screen';
import { dashboardReads, firstReadsOf, startFirstReads } from './first-reads';

function familyAnswers() {
  const asked: string[] = [];
  api.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));
  api.use(
    http.get('/api/me/child-stats', ({ request }) =>
      HttpResponse.json({ weekStart: new URL(request.url).searchParams.get('week'), children: [] }),
    ),
    http.get('/api/me/bookings', () => HttpResponse.json([])),
    http.get('/api/me/waitlist', () => HttpResponse.json([])),
    http.get('/api/sessions', () => HttpResponse.json(sessionsPage([]))),
    http.get('/api/classes', () => HttpResponse.json([classType()])),
  );
  return asked;
}

// Issue 33: the dashboard's reads are asked for before React renders, so its first render has them all. They must be
// exactly the reads its parts make, or the parts would ask again (and render once per answer, as before).
describe('the first screen’s reads', { timeout: 30_000 }, () => {
  afterEach(() => {
    api.events.removeAllListeners('request:start');
    api.events.removeAllListeners('response:mocked');
  });

  it('are exactly the reads the dashboard makes when it renders', async () => {
    familyAnswers();
    const { queryClient } = await renderApp(<DashboardScreen />, { user: parent([child('Ava')]), path: '/dashboard' });
    await screen.findByRole('region', { name: 'My Upcoming Bookings' });
    const expected = dashboardReads(new Date()).map((read) => hashKey(read.queryKey));
    await waitFor(() => {
      const made = queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryHash)
        .filter((hash) => hash !== hashKey(['/api/me']));
      expect(new Set(made)).toEqual(new Set(expected));
    });
  });

  it('fill the cache for a signed-in parent, so the dashboard renders without asking again', async () => {
    const asked = familyAnswers();
    const user = parent([child('Ava')]);
    api.use(http.get('/api/me', () => HttpResponse.json(user)));
    const queryClient = createQueryClient();
    await startFirstReads(queryClient, '/dashboard', new Date());
    for (const read of dashboardReads(new Date())) expect(queryClient.getQueryState(read.queryKey)?.status).toBe('success');
    const before = asked.length;
    await renderApp(<DashboardScreen />, { user, path: '/dashboard', queryClient });
    await screen.findByRole('region', { name: 'My Upcoming Bookings' });
    // Only the session call of renderApp's own guard: no read of the dashboard's is asked for a second time.
    expect(asked.slice(before).filter((path) => path !== '/api/me')).toEqual([]);
  });

  it('without a splash (a reload, a second tab) start once the session call has answered, which has the server to itself', async () => {
    familyAnswers();
    const events: string[] = [];
    api.events.on('request:start', ({ request }) => void events.push(`ask ${new URL(request.url).pathname}`));
    api.events.on('response:mocked', ({ request }) => void events.push(`answer ${new URL(request.url).pathname}`));
    api.use(http.get('/api/me', () => HttpResponse.json(parent([child('Ava')]))));
    const queryClient = createQueryClient();
    await startFirstReads(queryClient, '/dashboard', new Date(), new Promise(() => {}));
    const answered = events.indexOf('answer /api/me');
    expect(events[0]).toBe('ask /api/me');
    expect(events.filter((event, at) => event.startsWith('ask ') && at < answered)).toEqual(['ask /api/me']);
    for (const read of dashboardReads(new Date())) expect(queryClient.getQueryState(read.queryKey)?.status).toBe('success');
  });

  it('are dropped again when nobody is signed in (the login screen shows; no 401 stays in the cache)', async () => {
    familyAnswers();
    api.use(http.get('/api/me', () => HttpResponse.json({ message: 'Not signed in', code: 'UNAUTHENTICATED' }, { status: 401 })));
    const queryClient = createQueryClient();
    await startFirstReads(queryClient, '/dashboard', new Date());
    expect(queryClient.getQueryData(['/api/me'])).toBeNull();
    for (const read of dashboardReads(new Date())) expect(queryClient.getQueryState(read.queryKey)).toBeUndefined();
  });

  it('on the login address wait for the session call: a visitor’s first load asks for nothing else', async () => {
    const asked = familyAnswers();
    api.use(http.get('/api/me', () => HttpResponse.json({ message: 'Not signed in', code: 'UNAUTHENTICATED' }, { status: 401 })));
    await startFirstReads(createQueryClient(), '/', new Date());
    expect(asked).toEqual(['/api/me']);
  });

  it('are none for other screens, whose reads start as they render', () => {
    expect(firstReadsOf('/my-bookings', new Date())).toEqual([]);
    expect(firstReadsOf('/admin', new Date())).toEqual([]);
  });
});
