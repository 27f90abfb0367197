import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityEntryDto, ActivityListResponse } from '../../../../shared/schemas/activity';
import { api, http, HttpResponse } from '../../../test-support/api';
import { admin, uuid } from '../../../test-support/fixtures';
import { within } from '@testing-library/react';
import { renderApp, screen } from '../../../test-support/render';
import { ActivityTab } from './activity-tab';

// Issue 34: Admin → Activity reads GET /api/admin/activity a page at a time, with the filters in the query.

const FAMILY = uuid(0xac71, 1);
const OWNER = uuid(0xac71, 2);

function entry(n: number, overrides: Partial<ActivityEntryDto> = {}): ActivityEntryDto {
  return {
    id: uuid(0xac72, n),
    at: new Date(Date.UTC(2026, 10, 25, 21, 0) - n * 60_000).toISOString(),
    actor: { id: OWNER, name: 'Olivia Owens', role: 'SUPER_ADMIN' },
    kind: 'child.update',
    kindLabel: 'Child changed',
    subject: { type: 'children', id: uuid(0xac73, n) },
    family: { id: FAMILY, name: 'Pat Parent' },
    familyCount: 1,
    session: null,
    changes: [
      {
        table: 'children',
        op: 'UPDATE',
        id: uuid(0xac73, n),
        fields: [
          { field: 'birth_date', before: null, after: '2016-05-01' },
          { field: 'medical_notes', redacted: true },
        ],
      },
    ],
    changeCount: 1,
    address: '203.0.113.7',
    ...overrides,
  };
}

/** Answers the log's reads, recording each query string; page 1 has a cursor to page 2. */
function serve(pages: ActivityListResponse[]) {
  const asked: URLSearchParams[] = [];
  api.use(
    http.get('/api/admin/activity', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(params.get('cursor') ? pages[1]! : pages[0]!);
    }),
    http.get('/api/admin/activity/people', () => HttpResponse.json({ people: [{ id: OWNER, name: 'Olivia Owens', role: 'SUPER_ADMIN' }] })),
  );
  return asked;
}

describe('Activity tab', { timeout: 30_000 }, () => {
  it('lists who did what, when and from where; the changes open on demand, hidden fields named without a value', async () => {
    serve([{ entries: [entry(1)], nextCursor: null }]);
    await renderApp(<ActivityTab />, { user: admin() });
    const list = await screen.findByRole('list', { name: 'Activity entries' });
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(within(item).getByText('Child changed')).toBeVisible();
    expect(within(item).getByText('Olivia Owens')).toBeVisible();
    expect(within(item).getByText('Super Admin')).toBeVisible();
    expect(within(item).getByRole('link', { name: 'Pat Parent' })).toHaveAttribute('href', `/admin/users/${FAMILY}`);
    expect(within(item).getByText('From 203.0.113.7')).toBeVisible();
    // Toronto time whatever the machine's zone (these tests run in Asia/Tokyo): 21:00 UTC less a minute.
    expect(within(item).getByText('Wed, Nov 25 · 3:59 PM')).toBeVisible();

    const details = within(item).getByText('What changed');
    expect(within(item).queryByText(/birth date/)).not.toBeVisible();
    await userEvent.click(details);
    expect(within(item).getByText('child changed: birth date: — → 2016-05-01; medical notes (hidden)')).toBeVisible();
    expect(screen.getByText('1 entry shown')).toBeVisible();
  });

  it('asks with the chosen filters, refuses a To before From next to the field, and shows more with the cursor', async () => {
    const asked = serve([
      { entries: [entry(1), entry(2)], nextCursor: 'page-2' },
      { entries: [entry(3)], nextCursor: null },
    ]);
    await renderApp(<ActivityTab initial={{ familyId: FAMILY }} />, { user: admin() });
    await screen.findByText('2 entries shown, more below');
    expect(asked.at(-1)!.get('familyId')).toBe(FAMILY);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('3 entries shown');
    expect(asked.at(-1)!.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await userEvent.selectOptions(await screen.findByLabelText('Person'), 'Olivia Owens (Super Admin)');
    await userEvent.selectOptions(screen.getByLabelText('What'), 'Booking moved');
    await screen.findByText('2 entries shown, more below');
    expect(asked.at(-1)!.get('personId')).toBe(OWNER);
    expect(asked.at(-1)!.get('kind')).toBe('booking.reschedule');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/admin/activity/export.csv?personId=${OWNER}&kind=booking.reschedule&familyId=${FAMILY}`,
    );

    const count = asked.length;
    await userEvent.type(screen.getByLabelText('From'), '2026-11-20');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-10');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Choose a To date on or after the From date.');
    expect(asked.slice(count).every((params) => params.get('to') !== '2026-11-10')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the family filter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('2 entries shown, more below');
    expect([...asked.at(-1)!.keys()]).toEqual([]);
  });

  it('says so when nothing matches, and when the log is empty', async () => {
    serve([{ entries: [], nextCursor: null }]);
    await renderApp(<ActivityTab />, { user: admin() });
    expect(await screen.findByText('No staff changes yet.')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('What'), 'Checked in');
    expect(await screen.findByText('No activity matches these filters.')).toBeVisible();
  });
});
