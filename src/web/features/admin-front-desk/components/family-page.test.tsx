import { subDays, subYears } from 'date-fns';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import type { FamilyDetailResponse } from '../../../../shared/schemas/admin-users';
import { childrenToSlots } from '../../../../shared/schemas/children';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import type { Child } from '../../../../shared/schemas/users';
import { torontoDateKey } from '../../../../shared/rules/week';
import { api, http, HttpResponse, recordPosts, refusal } from '../../../test-support/api';
import { admin, child, classType, session, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { FamilyPage } from './family-page';
import type { RenderOfficeSessionPicker } from './session-picker';

// The office's family page (issue 31): the Account card says what the plan gives, as Settings → Plans holds it; the
// front desk's booking asks a chosen child's missing date of birth or sex when the class needs it, records it
// (PATCH /api/admin/users/:id/children/:childId), then books, and the server's ELIGIBILITY_DETAILS_MISSING gets the
// same ask.

const FAMILY_ID = uuid(0xfa31, 1);
const tenYearsOld = torontoDateKey(subDays(subYears(new Date(), 10), 30));
const week = { weekStart: new Date().toISOString(), used: 0, remaining: 2 };

function familyOf(children: Array<Child & { id: string }>): FamilyDetailResponse {
  return {
    user: {
      id: FAMILY_ID,
      email: 'priya@example.com',
      firstName: 'Priya',
      lastName: 'Patel',
      role: 'PARENT',
      planTier: 'TWO',
      weeklyLimit: 2,
      passwordSet: true,
      isActive: true,
      children,
      ...childrenToSlots(children.map((c, i) => ({ position: i + 1, ...c }))),
      createdAt: new Date('2026-01-05T15:00:00Z').toISOString(),
    } as FamilyDetailResponse['user'],
    children: children.map((c) => ({ ...c, thisWeek: week, nextWeek: week })),
    actions: [],
    waitlist: [],
  };
}

/** The family's reads, answering the children as `current` holds them; PATCHes of a child change `current`. */
function familyApi(current: Array<Child & { id: string }>, patchAnswer?: () => Response) {
  const patches: { childId: string; body: Record<string, string> }[] = [];
  api.use(
    http.get('/api/admin/settings/plans', () => HttpResponse.json({ ONE: 1, TWO: 3, THREE: 4 })),
    http.get(`/api/admin/users/${FAMILY_ID}`, () => HttpResponse.json(familyOf(current))),
    http.get(`/api/admin/users/${FAMILY_ID}/bookings`, () => HttpResponse.json([])),
    http.get(`/api/admin/users/${FAMILY_ID}/child-stats`, () =>
      HttpResponse.json({ weekStart: new Date().toISOString(), children: current.map((c) => ({ name: c.name, used: 0, limit: 2, remaining: 2 })) }),
    ),
    http.patch(`/api/admin/users/${FAMILY_ID}/children/:childId`, async ({ params, request }) => {
      const body = (await request.json()) as Record<string, string>;
      patches.push({ childId: String(params.childId), body });
      if (patchAnswer) return patchAnswer();
      const index = current.findIndex((c) => c.id === params.childId);
      current[index] = { ...current[index]!, ...body } as Child & { id: string };
      return HttpResponse.json(current[index]);
    }),
  );
  return patches;
}

const pickerFor =
  (offered: SessionDto): RenderOfficeSessionPicker =>
  ({ onSelectSession }) => (
    <button type="button" onClick={() => onSelectSession(offered)}>
      Pick {offered.classType.name}
    </button>
  );

function officeBooking(of: SessionDto, childNames: string[]): AdminBookingDto {
  return {
    id: uuid(0xb00c, 99),
    reference: 'NB-00000099',
    sessionId: of.id,
    session: { startsAt: of.startsAt, endsAt: of.endsAt, location: of.location, classType: of.classType },
    childNames,
    status: 'CONFIRMED',
  } as unknown as AdminBookingDto;
}

async function openBooking(offered: SessionDto) {
  const rendered = await renderApp(<FamilyPage userId={FAMILY_ID} renderSessionPicker={pickerFor(offered)} />, { user: admin() });
  await rendered.user.click(await screen.findByRole('button', { name: 'Book for this family' }));
  await rendered.user.click(await screen.findByRole('button', { name: `Pick ${offered.classType.name}` }));
  await rendered.user.click(screen.getByRole('button', { name: 'Continue' }));
  return rendered;
}

describe('family page (issue 31)', () => {
  it('says what the plan gives', async () => {
    familyApi([{ ...child('Ava'), id: uuid(0xc41d, 1) }]);
    await renderApp(<FamilyPage userId={FAMILY_ID} renderSessionPicker={() => null} />, { user: admin() });
    expect(await screen.findByText('Plan TWO · 3 sessions a week per child')).toBeVisible();
  });

  it('the front desk asks a missing date of birth and sex, records them, then books', async () => {
    const girls = session(48, { classType: classType({ code: 'GIRLS', name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true }) });
    const children = [{ ...child('Ava'), id: uuid(0xc41d, 1) }];
    const patches = familyApi(children);
    const posts = recordPosts('/api/admin/bookings', () => HttpResponse.json(officeBooking(girls, ['Ava']), { status: 201 }));
    const { user } = await openBooking(girls);

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    const ask = await screen.findByRole('region', { name: 'Details needed before booking' });
    expect(ask).toHaveTextContent("They are saved to the family's record.");
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText("Enter Ava's date of birth")).toBeVisible();
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText("Ava's date of birth"), tenYearsOld);
    await user.selectOptions(screen.getByLabelText("Ava's sex"), 'Girl');
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    expect(await screen.findByText('Booking Confirmed')).toBeVisible();
    expect(patches).toEqual([{ childId: children[0]!.id, body: { birthDate: tenYearsOld, sex: 'F' } }]);
    expect(posts.map((post) => post.body)).toEqual([{ userId: FAMILY_ID, sessionId: girls.id, childNames: ['Ava'] }]);
  });

  it("the server's ELIGIBILITY_DETAILS_MISSING shows the same ask at the front desk", async () => {
    const girls = session(48, { classType: classType({ code: 'GIRLS', name: 'Girls Power Hour', minAge: null, maxAge: null, girlsOnly: true }) });
    const children = [{ ...child('Ava', { sex: 'F' }), id: uuid(0xc41d, 1) }];
    const patches = familyApi(children);
    const message = "Girls Power Hour needs Ava's sex before Ava can be booked. Add it and book again.";
    const posts = recordPosts('/api/admin/bookings', (n) => {
      if (n > 1) return HttpResponse.json(officeBooking(girls, ['Ava']), { status: 201 });
      children[0] = { ...children[0]!, sex: null }; // the office's record, as the server has it
      return refusal(409, 'ELIGIBILITY_DETAILS_MISSING', message, { missingDetails: [{ childName: 'Ava', fields: ['sex'] }] });
    });
    const { user } = await openBooking(girls);

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Booking Failed')).toBeNull();

    await user.selectOptions(screen.getByLabelText("Ava's sex"), 'Girl');
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText('Booking Confirmed')).toBeVisible();
    expect(patches).toEqual([{ childId: children[0]!.id, body: { sex: 'F' } }]);
    await waitFor(() => expect(posts).toHaveLength(2));
  });

  it('a family paused by the no-show rule says so; Lift pause asks a note, sends it, and the pause goes (issue 32)', async () => {
    const children = [{ ...child('Ava'), id: uuid(0xc41d, 1) }];
    familyApi(children);
    let pause: FamilyDetailResponse['bookingPause'] = { noShows: 3, limit: 3 };
    api.use(http.get(`/api/admin/users/${FAMILY_ID}`, () => HttpResponse.json({ ...familyOf(children), bookingPause: pause })));
    const posts = recordPosts(`/api/admin/users/${FAMILY_ID}/lift-booking-pause`, () => {
      pause = null;
      return HttpResponse.json({ message: 'Online booking is open again for this family' });
    });
    const { user } = await renderApp(<FamilyPage userId={FAMILY_ID} renderSessionPicker={pickerFor(session(48))} />, { user: admin() });

    expect(await screen.findByText('Online booking paused: 3 no-shows in the last 30 days')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lift pause' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Lift booking pause' });
    // No note: nothing is sent, the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Lift pause' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Add a note saying why the pause is lifted.');
    expect(posts).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Note for the office/), '  Family called: a sick week ');
    await user.click(within(dialog).getByRole('button', { name: 'Lift pause' }));
    await waitFor(() => expect(screen.queryByText('Online booking paused: 3 no-shows in the last 30 days')).toBeNull());
    expect(posts.map((post) => post.body)).toEqual([{ note: 'Family called: a sick week' }]);
    expect(screen.queryByRole('alertdialog', { name: 'Lift booking pause' })).toBeNull();
  });

  it('a family not paused has no Lift pause', async () => {
    familyApi([{ ...child('Ava'), id: uuid(0xc41d, 1) }]);
    await renderApp(<FamilyPage userId={FAMILY_ID} renderSessionPicker={pickerFor(session(48))} />, { user: admin() });
    expect(await screen.findByRole('button', { name: 'Book for this family' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lift pause' })).toBeNull();
  });
});
