import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES, type Policies } from '../../../../shared/schemas/settings';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { PoliciesForm } from './policies-form';

// Settings → Policies (issue 32): the form shows what the server holds, checks each value before sending, and saves
// the whole value; the server's own refusal is shown on the field it names, or under the form.

function policiesApi(initial: Policies = DEFAULT_POLICIES, answer?: (body: unknown) => Response) {
  const puts: unknown[] = [];
  api.use(
    http.get('/api/admin/settings/policies', () => HttpResponse.json(initial)),
    http.put('/api/admin/settings/policies', async ({ request }) => {
      const body = (await request.json()) as Policies;
      puts.push(body);
      return answer ? answer(body) : HttpResponse.json(body);
    }),
  );
  return puts;
}

const cutoff = () => screen.getByRole('spinbutton', { name: 'Cancellation cut-off (hours before the start)' });
const noShows = () => screen.getByRole('spinbutton', { name: 'No-shows in 30 days before a pause' });

describe('Settings → Policies', () => {
  it('loads the policies, saves the whole value and says so', async () => {
    const puts = policiesApi();
    const { user } = await renderApp(<PoliciesForm />, { user: admin() });
    const region = await screen.findByRole('region', { name: 'Policies' });
    expect(await screen.findByRole('spinbutton', { name: 'Cancellation cut-off (hours before the start)' })).toHaveValue(2);
    expect(cutoff()).toHaveAccessibleDescription('Cancelled before the cut-off: the child gets a make-up credit. After it: a late cancellation, no credit.');
    expect(screen.getByRole('switch', { name: 'Make-up credits' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Credit validity (days)' })).toHaveValue(30);
    expect(screen.getByRole('switch', { name: 'No-show rule' })).toHaveAttribute('aria-checked', 'false');
    // The count waits for the rule.
    expect(noShows()).toBeDisabled();
    expect(region).toHaveTextContent('Turn the no-show rule on to set it.');

    await user.clear(cutoff());
    await user.type(cutoff(), '24');
    await user.click(screen.getByRole('switch', { name: 'No-show rule' }));
    expect(noShows()).toBeEnabled();
    await user.clear(noShows());
    await user.type(noShows(), '2');
    await user.click(screen.getByRole('button', { name: 'Save Policies' }));

    expect(await screen.findByText('Policies Saved')).toBeVisible();
    expect(screen.getByText('Cut-off 24 hours · make-up credits on, 30 days · no-show rule on, 2 in 30 days')).toBeVisible();
    expect(puts).toEqual([{ cancellationCutoffHours: 24, makeupCreditsEnabled: true, makeupCreditValidityDays: 30, noShowRuleEnabled: true, noShowLimit: 2 }]);
  });

  it('sends the no-show count as saved while the rule is off, and credits off', async () => {
    const puts = policiesApi({ ...DEFAULT_POLICIES, noShowLimit: 4 });
    const { user } = await renderApp(<PoliciesForm />, { user: admin() });
    await user.click(await screen.findByRole('switch', { name: 'Make-up credits' }));
    await user.click(screen.getByRole('button', { name: 'Save Policies' }));
    expect(await screen.findByText('Cut-off 2 hours · make-up credits off · no-show rule off')).toBeVisible();
    expect(puts).toEqual([{ ...DEFAULT_POLICIES, makeupCreditsEnabled: false, noShowLimit: 4 }]);
  });

  it('refuses a value out of range or a blank on its field, and sends nothing', async () => {
    const puts = policiesApi();
    const { user } = await renderApp(<PoliciesForm />, { user: admin() });
    await screen.findByRole('spinbutton', { name: 'Cancellation cut-off (hours before the start)' });
    await user.clear(cutoff());
    await user.type(cutoff(), '200');
    await user.clear(screen.getByRole('spinbutton', { name: 'Credit validity (days)' }));
    await user.click(screen.getByRole('button', { name: 'Save Policies' }));

    expect(await screen.findByText('Cancellation cut-off (hours) cannot exceed 168')).toBeVisible();
    expect(screen.getByText('Credit validity (days) must be a whole number from 1 to 365')).toBeVisible();
    expect(cutoff()).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
  });

  it("shows the server's refusal on the field it names, and under the form when it names none", async () => {
    let answer = () =>
      refusal(400, 'VALIDATION_FAILED', 'makeupCreditValidityDays: Credit validity (days) must be at least 1', {
        errors: [{ field: 'makeupCreditValidityDays', message: 'Credit validity (days) must be at least 1' }],
      });
    policiesApi(DEFAULT_POLICIES, () => answer());
    const { user } = await renderApp(<PoliciesForm />, { user: admin() });
    await screen.findByRole('spinbutton', { name: 'Credit validity (days)' });
    await user.click(screen.getByRole('button', { name: 'Save Policies' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Credit validity (days)' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Credit validity (days) must be at least 1')).toBeVisible();

    answer = () => refusal(400, 'VALIDATION_FAILED', 'Policies must be an object of cancellationCutoffHours, …');
    await user.click(screen.getByRole('button', { name: 'Save Policies' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Policies must be an object of cancellationCutoffHours, …');
  });

  it('a failed read says so and offers Try again', async () => {
    api.use(http.get('/api/admin/settings/policies', () => refusal(500, 'INTERNAL_ERROR', 'Something went wrong')));
    await renderApp(<PoliciesForm />, { user: admin() });
    expect(await screen.findByText('The policies could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
