import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { torontoDateKey } from '../../../../shared/rules/week';
import { api, http, HttpResponse, recordPosts } from '../../../test-support/api';
import { admin } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { ClosuresSection, closureWarning } from './closures-section';

// Issue 32, the Sessions tab's closed days: the dialog says what closing will cancel (the server's preview) before
// anything happens, the result toast gives the counts, and Reopen asks first.

const day = (daysAhead: number) => torontoDateKey(Date.now() + daysAhead * 86_400_000);

describe('closed days', { timeout: 30_000 }, () => {
  it('says what closing will cancel, closes, and toasts the counts', async () => {
    const first = day(3);
    api.use(
      http.get('/api/admin/closures/preview', () => HttpResponse.json({ sessions: 6, bookings: 9, families: 14, waitlistEntries: 0, overlaps: null })),
    );
    const posts = recordPosts('/api/admin/closures', () =>
      HttpResponse.json(
        {
          closure: { id: 'c1', startDate: first, endDate: first, reason: 'Snow day', createdAt: new Date().toISOString(), createdByName: 'Adam Archer' },
          sessions: 6,
          bookings: 9,
          families: 14,
          waitlistEntries: 0,
          credits: 11,
        },
        { status: 201 },
      ),
    );
    const { user } = await renderApp(<ClosuresSection />, { user: admin() });
    expect(await screen.findByText('No closed days ahead.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close Days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Days' });
    await user.type(within(dialog).getByLabelText('First day'), first);
    await user.type(within(dialog).getByLabelText('Reason'), 'Snow day');
    expect(await within(dialog).findByText(/This cancels 6 sessions \(9 bookings\) and emails 14 families\./)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close Days' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ startDate: first, endDate: first, reason: 'Snow day' });
    expect(await screen.findByText('Snow day: 6 sessions and 9 bookings cancelled, 14 families emailed, 11 make-up credits given.')).toBeVisible();
  });

  it('lists the closures ahead with Reopen, which asks first', async () => {
    const first = day(5);
    let reopened = false;
    api.use(
      http.get('/api/admin/closures', () =>
        HttpResponse.json({
          closures: reopened ? [] : [{ id: 'c2', startDate: first, endDate: first, reason: 'Family Day', createdAt: new Date().toISOString(), createdByName: null }],
        }),
      ),
      http.delete('/api/admin/closures/c2', () => {
        reopened = true;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const { user } = await renderApp(<ClosuresSection />, { user: admin() });
    expect(await screen.findByText(/Family Day/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Reopen ${first}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reopen Days' });
    expect(within(confirm).getByText(/stay cancelled/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('No closed days ahead.')).toBeVisible();
  });

  it('words the warning from the preview', () => {
    expect(closureWarning({ sessions: 0, bookings: 0, families: 0, waitlistEntries: 0, overlaps: null })).toMatch(/nothing is cancelled/);
    expect(closureWarning({ sessions: 1, bookings: 1, families: 2, waitlistEntries: 1, overlaps: null })).toBe(
      'This cancels 1 session (1 booking), ends 1 waiting entry and emails 2 families.',
    );
  });
});
