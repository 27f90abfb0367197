import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FamilyDetailResponse } from '../../../shared/schemas/admin-users';
import { api, http, HttpResponse } from '../../test-support/api';
import { admin, childProfile, familyOf, guardian, uuid } from '../../test-support/fixtures';
import { renderApp, screen } from '../../test-support/render';
import FamilyScreen from './family-screen';

// /admin/users/:id composes the front desk's family page with the family's sections (issue 31): shown when the
// server sends the `family` part, left out while it does not (the part is optional until the server fills it).

const USER_ID = uuid(0x05e4, 9);

function detail(overrides: Partial<FamilyDetailResponse> = {}): FamilyDetailResponse {
  return {
    user: {
      id: USER_ID,
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Parent',
      role: 'PARENT',
      planTier: 'TWO',
      weeklyLimit: 2,
      passwordSet: true,
      isActive: true,
      children: [],
      createdAt: new Date('2026-01-05T15:00:00Z').toISOString(),
    } as unknown as FamilyDetailResponse['user'],
    children: [],
    actions: [],
    waitlist: [],
    ...overrides,
  };
}

async function open(answer: FamilyDetailResponse) {
  api.use(
    http.get(`/api/admin/users/${USER_ID}`, () => HttpResponse.json(answer)),
    http.get(`/api/admin/users/${USER_ID}/bookings`, () => HttpResponse.json([])),
    // The Account card says what the plan gives (Settings → Plans).
    http.get('/api/admin/settings/plans', () => HttpResponse.json({ ONE: 1, TWO: 2, THREE: 3 })),
  );
  await renderApp(
    <Routes>
      <Route path="admin/users/:id" element={<FamilyScreen />} />
    </Routes>,
    { user: admin(), path: `/admin/users/${USER_ID}` },
  );
  await screen.findByRole('heading', { level: 1, name: 'Pat Parent' });
}

describe('Office family page', { timeout: 30_000 }, () => {
  it('shows the guardians, the children’s profiles and the emergency contacts the server sends', async () => {
    const family = familyOf({
      guardians: [guardian('Pat', { phone: '416-555-0100' }), guardian('Sam', { hasPassword: false })],
      children: [childProfile('Ava', { needsAttention: true, medicalNotes: 'Bee stings' })],
      emergencyContacts: [{ name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' }],
    });
    await open(detail({ family }));
    expect(screen.getByRole('heading', { name: 'Guardians' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add guardian' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Ava' })).toHaveTextContent('Needs attention');
    expect(screen.getByRole('link', { name: 'Call Grace Hopper 416-555-0123' })).toHaveAttribute('href', 'tel:+14165550123');
  });

  it('without the family part, the page is as before', async () => {
    await open(detail());
    expect(screen.getByRole('heading', { name: 'Account' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Guardians' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Emergency contacts' })).toBeNull();
  });

  it("a SUPER_ADMIN resets another person's sign-in factors after confirming (issue 34)", async () => {
    const reset: string[] = [];
    api.use(
      http.post(`/api/admin/users/${USER_ID}/reset-second-factors`, () => {
        reset.push(USER_ID);
        return HttpResponse.json({ message: 'Pat Parent signs in with the password alone until they add a passkey or an authenticator app again.' });
      }),
      http.get(`/api/admin/users/${USER_ID}`, () => HttpResponse.json(detail())),
      http.get(`/api/admin/users/${USER_ID}/bookings`, () => HttpResponse.json([])),
      http.get('/api/admin/settings/plans', () => HttpResponse.json({ ONE: 1, TWO: 2, THREE: 3 })),
    );
    const { user } = await renderApp(
      <Routes>
        <Route path="admin/users/:id" element={<FamilyScreen />} />
      </Routes>,
      { user: admin({ role: 'SUPER_ADMIN' }), path: `/admin/users/${USER_ID}` },
    );
    await user.click(await screen.findByRole('button', { name: 'Reset sign-in factors…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset sign-in factors' });
    expect(dialog).toHaveTextContent("Pat Parent's passkeys, authenticator app and recovery codes are removed");
    expect(reset).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reset factors' }));
    await screen.findByText('Sign-in factors reset');
    expect(reset).toEqual([USER_ID]);
  });

  it('an ADMIN is not offered the reset', async () => {
    await open(detail());
    expect(screen.queryByRole('button', { name: 'Reset sign-in factors…' })).toBeNull();
  });
});
