import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_LIMITS, type PlanLimits } from '../../../../shared/schemas/settings';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { PlanLimitsForm } from './plan-limits-form';

// Settings → Plans (issue 31): the form shows what the server holds, checks each plan's number before sending, and
// saves the three together; the server's own refusal is shown on the field it names.

function plansApi(initial: PlanLimits = DEFAULT_PLAN_LIMITS, answer?: (body: unknown) => Response) {
  const puts: unknown[] = [];
  api.use(
    http.get('/api/admin/settings/plans', () => HttpResponse.json(initial)),
    http.put('/api/admin/settings/plans', async ({ request }) => {
      const body = (await request.json()) as PlanLimits;
      puts.push(body);
      return answer ? answer(body) : HttpResponse.json(body);
    }),
  );
  return puts;
}

describe('Settings → Plans', () => {
  it('loads the plans, saves the three numbers and says so', async () => {
    const puts = plansApi({ ONE: 1, TWO: 2, THREE: 4 });
    const { user } = await renderApp(<PlanLimitsForm />, { user: admin() });
    const region = await screen.findByRole('region', { name: 'Plans' });
    const three = await screen.findByRole('spinbutton', { name: 'Plan THREE' });
    expect(three).toHaveValue(4);
    expect(screen.getByRole('spinbutton', { name: 'Plan ONE' })).toHaveValue(1);
    expect(region).toHaveTextContent('Weekly sessions per child on each plan');

    await user.clear(screen.getByRole('spinbutton', { name: 'Plan TWO' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Plan TWO' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save Plans' }));

    expect(await screen.findByText('Plans Saved')).toBeVisible();
    expect(screen.getByText('ONE: 1 session a week, TWO: 3 sessions a week, THREE: 4 sessions a week')).toBeVisible();
    expect(puts).toEqual([{ ONE: 1, TWO: 3, THREE: 4 }]);
  });

  it('refuses a number outside 1–7 or a blank on its field, and sends nothing', async () => {
    const puts = plansApi();
    const { user } = await renderApp(<PlanLimitsForm />, { user: admin() });
    const one = await screen.findByRole('spinbutton', { name: 'Plan ONE' });
    await user.clear(one);
    await user.type(one, '8');
    await user.clear(screen.getByRole('spinbutton', { name: 'Plan THREE' }));
    await user.click(screen.getByRole('button', { name: 'Save Plans' }));

    expect(await screen.findByText('Weekly sessions per child cannot exceed 7')).toBeVisible();
    expect(screen.getByText('Weekly sessions per child must be a whole number from 1 to 7')).toBeVisible();
    expect(one).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
  });

  it("shows the server's refusal on the field it names", async () => {
    plansApi(DEFAULT_PLAN_LIMITS, () =>
      refusal(400, 'VALIDATION_FAILED', 'TWO: Weekly sessions per child must be at least 1', {
        errors: [{ field: 'TWO', message: 'Weekly sessions per child must be at least 1' }],
      }),
    );
    const { user } = await renderApp(<PlanLimitsForm />, { user: admin() });
    await screen.findByRole('spinbutton', { name: 'Plan TWO' });
    await user.click(screen.getByRole('button', { name: 'Save Plans' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Plan TWO' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Weekly sessions per child must be at least 1')).toBeVisible();
    expect(screen.getByText('TWO: Weekly sessions per child must be at least 1')).toBeVisible();
  });

  it('a failed read says so and offers Try again', async () => {
    api.use(http.get('/api/admin/settings/plans', () => refusal(500, 'INTERNAL_ERROR', 'Something went wrong')));
    await renderApp(<PlanLimitsForm />, { user: admin() });
    expect(await screen.findByText('The plans could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
