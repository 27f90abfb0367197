import { describe, expect, it } from 'vitest';
import type { FactorsResponse } from '../../../shared/schemas/second-factor';
import { api, http, HttpResponse } from '../../test-support/api';
import { admin, parent } from '../../test-support/fixtures';
import { renderApp, screen } from '../../test-support/render';
import { SignedInLayout } from './signed-in-layout';

// Issue 34, STAFF_TWO_STEP=required: a staff member without a passkey or an authenticator app sees the set-up before
// anything else of the app; with one (or when the server does not require it, or for a parent) the screen shows.

const factors = (overrides: Partial<FactorsResponse> = {}): FactorsResponse => ({ passkeys: [], authenticator: false, recoveryCodesLeft: 0, required: true, ...overrides });

function answerFactors(answer: FactorsResponse) {
  let asked = 0;
  api.use(
    http.get('/api/me/factors', () => {
      asked += 1;
      return HttpResponse.json(answer);
    }),
  );
  return () => asked;
}

describe('the second-factor set-up gate', { timeout: 30_000 }, () => {
  it('holds a staff member without a factor to the set-up', async () => {
    answerFactors(factors());
    await renderApp(
      <SignedInLayout>
        <p>The office screen</p>
      </SignedInLayout>,
      { user: admin() },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a second way to sign in' })).toBeVisible();
    expect(screen.queryByText('The office screen')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  });

  it('lets through a staff member with a factor, one the server does not require it of, and a parent (never asked)', async () => {
    answerFactors(factors({ authenticator: true, recoveryCodesLeft: 10 }));
    const first = await renderApp(
      <SignedInLayout>
        <p>The office screen</p>
      </SignedInLayout>,
      { user: admin() },
    );
    expect(await screen.findByText('The office screen')).toBeVisible();
    first.unmount();

    answerFactors(factors({ required: false }));
    const second = await renderApp(
      <SignedInLayout>
        <p>The office screen</p>
      </SignedInLayout>,
      { user: admin() },
    );
    expect(await screen.findByText('The office screen')).toBeVisible();
    second.unmount();

    const asked = answerFactors(factors());
    await renderApp(
      <SignedInLayout>
        <p>The family screen</p>
      </SignedInLayout>,
      { user: parent() },
    );
    expect(await screen.findByText('The family screen')).toBeVisible();
    expect(asked()).toBe(0);
  });
});
