import { configure, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RosterEntry } from '../../../../shared/schemas/sessions';
import { api, http, HttpResponse } from '../../../test-support/api';
import { admin, session, uuid } from '../../../test-support/fixtures';
import { renderApp, screen } from '../../../test-support/render';
import { SessionRosterPage } from './session-roster-page';

// The session's roster (issue 19) with the door's details (issue 31): a child whose notes need attention carries a
// 'Needs attention' flag that opens the notes; the guardians' phones are tap-to-call links. The 390 px layout against
// the real server stays in e2e/admin-check-in.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

const at = session(48, { location: 'Roster Court' });
const bookingId = uuid(0xb00c, 0x31);

function row(childName: string, n: number, door: Partial<RosterEntry> = {}): RosterEntry {
  return {
    childName,
    childId: uuid(0xc41d, 0x3100 + n),
    familyName: 'Dora Door',
    email: 'dora@example.com',
    bookingId,
    reference: 'NB-1A2B3C4D',
    bookedBy: 'FAMILY',
    checkedInAt: null,
    checkedInBy: null,
    needsAttention: false,
    medicalNotes: null,
    guardians: [],
    ...door,
  };
}

async function openRoster(children: RosterEntry[], forCoach = false) {
  api.use(http.get('/api/admin/sessions/:id/roster', () => HttpResponse.json({ session: at, children, waitlist: [] })));
  const rendered = await renderApp(<SessionRosterPage sessionId={at.id} forCoach={forCoach} />, { user: admin() });
  await screen.findByRole('table', { name: 'Booked children, by name' });
  return rendered;
}

describe('SessionRosterPage: the door’s details (issue 31)', { timeout: 30_000 }, () => {
  it('flags only the child who needs attention; the flag opens the notes on a click and with the keyboard', async () => {
    const guardians = [
      { name: 'Dora Door', phone: '(613) 555-0123' },
      { name: 'Dan Door', phone: 'cell, ask Dora' },
    ];
    const { user } = await openRoster([
      row('Ava', 1, { needsAttention: true, medicalNotes: 'Severe nut allergy: EpiPen in the office', guardians }),
      row('Leo', 2, { guardians }),
    ]);
    const ava = screen.getByRole('row', { name: /Ava/ });
    const leo = screen.getByRole('row', { name: /Leo/ });
    expect(within(leo).queryByRole('button', { name: /Needs attention/ })).toBeNull();
    expect(within(leo).queryByText('Needs attention')).toBeNull();

    const flag = within(ava).getByRole('button', { name: 'Needs attention, notes for Ava' });
    expect(flag).toHaveTextContent('Needs attention');
    expect(within(ava).queryByText(/EpiPen/)).not.toBeVisible();
    await user.click(flag);
    expect(within(ava).getByRole('region', { name: 'Notes for Ava' })).toHaveTextContent('Severe nut allergy: EpiPen in the office');
    await user.click(flag);
    expect(within(ava).queryByText(/EpiPen/)).not.toBeVisible();

    flag.focus();
    await user.keyboard('{Enter}');
    expect(within(ava).getByText(/EpiPen/)).toBeVisible();
  });

  it('gives each guardian’s phone as a tap-to-call link, or as text when it is not a number', async () => {
    await openRoster([
      row('Ava', 1, {
        guardians: [
          { name: 'Dora Door', phone: '(613) 555-0123' },
          { name: 'Dan Door', phone: 'cell, ask Dora' },
          { name: 'Dee Door', phone: null },
        ],
      }),
    ]);
    const ava = screen.getByRole('row', { name: /Ava/ });
    expect(screen.getByRole('columnheader', { name: 'Guardians' })).toBeInTheDocument();
    expect(within(ava).getByRole('link', { name: 'Call Dora Door, (613) 555-0123' })).toHaveAttribute('href', 'tel:+16135550123');
    expect(within(ava).getAllByRole('link')).toHaveLength(1);
    expect(within(ava).getByText('cell, ask Dora')).toBeVisible();
    expect(within(ava).getByText('no phone')).toBeVisible();
  });
});

describe('SessionRosterPage: the office’s and the coach’s (issue 34)', { timeout: 30_000 }, () => {
  it('the office gets Export CSV and a link to what staff changed for this session', async () => {
    await openRoster([row('Mia', 1)]);
    expect(screen.getByRole('link', { name: 'Back to Sessions' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'What staff changed for this session' })).toHaveAttribute('href', `/admin?tab=activity&sessionId=${at.id}`);
  });

  it('a coach goes back to Check-in, with neither the CSV nor the activity link', async () => {
    await openRoster([row('Mia', 1)], true);
    expect(screen.getByRole('link', { name: 'Back to Check-in' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Export CSV/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'What staff changed for this session' })).toBeNull();
  });
});
