import { configure, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin, classType, session, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { SessionsTab } from './sessions-tab';

// The Sessions tab's rules below the browser, through its screen only (its internals are being split elsewhere):
// a session that has started says 'Past' and offers only what would succeed, and a failed list says so with
// Try again. The phone layout (actions inside a 390 px screen), 'Jump to today' scrolling and focusing, and the
// journeys against the real server stay in e2e/admin-sessions.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

/** A session of its own class (so its row is found by the class's name). */
const of = (name: string, hoursAhead: number, overrides: Partial<SessionDto> = {}) =>
  session(hoursAhead, { classType: classType({ id: uuid(0xc1a5, hoursAhead + 1000), code: name.toUpperCase().replaceAll(' ', '_'), name }), ...overrides });

/** GET /api/sessions: the count before today (limit 1) and the page of rows; `fail` answers the page with a 500 first. */
function listSessions(sessions: SessionDto[], fail = { times: 0 }) {
  api.use(
    http.get('/api/sessions', ({ request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit'));
      if (limit !== 1 && fail.times-- > 0) return refusal(500, 'INTERNAL', 'The database is not answering');
      const before = sessions.filter((s) => new Date(s.startsAt).getTime() < Date.now() - 86_400_000);
      const rows = limit === 1 ? before.slice(0, 1) : sessions;
      return HttpResponse.json({ sessions: rows, total: limit === 1 ? before.length : sessions.length, totalPages: 1, page: 1, limit });
    }),
    http.get('/api/classes', () => HttpResponse.json([classType()])),
  );
}

describe('Sessions tab', { timeout: 30_000 }, () => {
  it("a session that has started says 'Past' and offers only what would succeed", async () => {
    const sessions = [
      of('Past Booked', -3, { bookedCount: 4, availableSpots: 6 }),
      of('Past Empty', -2),
      of('Coming Booked', 30, { bookedCount: 2, availableSpots: 8 }),
      of('Coming Empty', 31),
    ];
    listSessions(sessions);
    await renderApp(<SessionsTab />, { user: admin() });
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const row = (name: string) => {
      const found = within(table).getAllByRole('row').find((r) => r.textContent?.includes(name));
      if (!found) throw new Error(`No row for ${name}`);
      return found;
    };
    await waitFor(() => row('Coming Empty'));
    const actions = (name: string) =>
      within(row(name))
        .queryAllByRole('button')
        .map((button) => /^(Edit|Cancel|Delete)/.exec(button.textContent ?? '')?.[1])
        .filter(Boolean);

    for (const name of ['Past Booked', 'Past Empty']) {
      expect(within(row(name)).getByText('Past', { exact: true })).toBeVisible();
      expect(within(row(name)).queryByText('Available', { exact: true })).toBeNull();
    }
    // Started: no Edit or Cancel; Delete only where nobody is booked.
    expect(actions('Past Booked')).toEqual([]);
    expect(actions('Past Empty')).toEqual(['Delete']);
    // Coming: a booked one is cancelled (which tells the families), never deleted; an empty one is deleted.
    expect(actions('Coming Booked')).toEqual(['Edit', 'Cancel']);
    expect(actions('Coming Empty')).toEqual(['Edit', 'Delete']);
    for (const name of ['Coming Booked', 'Coming Empty']) expect(within(row(name)).queryByText('Past', { exact: true })).toBeNull();
  });

  it('a failed sessions fetch is reported in the tab, and Try again recovers', async () => {
    listSessions([of('Coming Empty', 30)], { times: 1 });
    const { user } = await renderApp(<SessionsTab />, { user: admin() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch sessions');
    expect(alert).toHaveTextContent('The database is not answering');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Showing \d+ - \d+ of \d+ sessions$/)).toBeVisible();
    expect(screen.queryByText('Failed to fetch sessions')).toBeNull();
  });
});
