import { subDays, subYears } from 'date-fns';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import type { FamilyDetailResponse } from '../../../../shared/schemas/admin-users';
import { MAKEUP_CREDIT_USED, type OfficeMakeupCreditDto } from '../../../../shared/schemas/makeup-credits';
import { childrenToSlots } from '../../../../shared/schemas/children';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import type { Child } from '../../../../shared/schemas/users';
import { torontoDateKey, torontoTime } from '../../../../shared/rules/week';
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

describe('family page: make-up credits (issue 32)', () => {
  const ava = { ...child('Ava'), id: uuid(0xc41d, 1) };
  const leo = { ...child('Leo'), id: uuid(0xc41d, 2) };
  const nextYear = new Date().getFullYear() + 1;
  // Credits end at a Toronto midnight: the last day to use this one is Jan 9 of next year.
  const credit = (n: number, over: Partial<OfficeMakeupCreditDto>): OfficeMakeupCreditDto => ({
    id: uuid(0xc4ed, n),
    childName: 'Ava',
    reason: 'CANCELLATION',
    createdAt: new Date().toISOString(),
    expiresAt: torontoTime(nextYear, 1, 10).toISOString(),
    note: null,
    grantedByName: null,
    ...over,
  });

  /** The family's reads with `credits` (the list the page holds); returns it so the test can change it. */
  function creditsApi(credits: OfficeMakeupCreditDto[]) {
    familyApi([ava, leo]);
    api.use(http.get(`/api/admin/users/${FAMILY_ID}`, () => HttpResponse.json({ ...familyOf([ava, leo]), makeupCredits: credits })));
    return credits;
  }

  async function openCredits() {
    const rendered = await renderApp(<FamilyPage userId={FAMILY_ID} renderSessionPicker={pickerFor(session(48))} />, { user: admin() });
    return { ...rendered, section: await screen.findByRole('region', { name: 'Make-up credits' }) };
  }

  it('lists each credit: the child, why, the last day to use it and the note of a grant; or says there is none', async () => {
    creditsApi([
      credit(1, {}),
      credit(2, { childName: 'Leo', reason: 'CLOSURE' }),
      credit(3, { childName: 'Leo', reason: 'OFFICE', grantedByName: 'Ada Admin', note: 'Coach was ill', expiresAt: torontoTime(nextYear, 2, 1).toISOString() }),
    ]);
    const { section } = await openCredits();
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Ava · Cancelled earlyUse by Jan 9, \d{4}Remove$/),
      expect.stringMatching(/^Leo · ClosureUse by Jan 9, \d{4}Remove$/),
      expect.stringMatching(/^Leo · Granted by Ada AdminUse by Jan 31, \d{4} — “Coach was ill”Remove$/),
    ]);
    expect(within(section).getByRole('button', { name: /^Remove Leo's credit \(use by Jan 31/ })).toBeVisible();
  });

  it("the front desk's booking takes a child at the limit on a credit without the override, and says so", async () => {
    const speed = session(48);
    creditsApi([credit(1, {})]);
    const covering = new Date(new Date(speed.startsAt).getTime() + 5 * 86_400_000).toISOString();
    api.use(
      http.get(`/api/admin/users/${FAMILY_ID}/child-stats`, () =>
        HttpResponse.json({
          weekStart: new Date().toISOString(),
          children: [
            { name: 'Ava', used: 2, limit: 2, remaining: 0, makeupCredits: 1, makeupCreditExpiries: [covering] },
            { name: 'Leo', used: 2, limit: 2, remaining: 0, makeupCredits: 0, makeupCreditExpiries: [] },
          ],
        }),
      ),
    );
    const posts = recordPosts('/api/admin/bookings', () => HttpResponse.json(officeBooking(speed, ['Ava']), { status: 201 }));
    const { user } = await openBooking(speed);

    const avaBox = await screen.findByRole('checkbox', { name: /Ava/ });
    await waitFor(() => expect(avaBox).toHaveAccessibleDescription('Weekly limit reached — uses a make-up credit'));
    expect(screen.getByRole('checkbox', { name: /Leo/ })).toHaveAccessibleDescription('0 of 2 left that week');
    await user.click(avaBox);
    expect(screen.getByText("Ava's booking uses a make-up credit.")).toBeVisible();
    // No override needed for Ava: the hint stays the general one.
    expect(screen.getByText('Only needed when a child has used all their sessions for that week. Capacity is never overridden.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText('Booking Confirmed')).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([{ userId: FAMILY_ID, sessionId: speed.id, childNames: ['Ava'] }]);
  });

  it('says so when the family has none', async () => {
    creditsApi([]);
    const { section } = await openCredits();
    expect(within(section).getByText('No make-up credits.')).toBeVisible();
  });

  it('Grant credit asks the child and a note, sends them, and the page shows the new credit', async () => {
    const credits = creditsApi([]);
    api.use(http.get('/api/admin/settings/policies', () => HttpResponse.json({ cancellationCutoffHours: 2, makeupCreditsEnabled: true, makeupCreditValidityDays: 30, noShowRuleEnabled: false, noShowLimit: 3 })));
    const posts = recordPosts(`/api/admin/users/${FAMILY_ID}/makeup-credits`, (_n, body) => {
      const granted = credit(9, { childName: 'Leo', reason: 'OFFICE', grantedByName: 'Ada Admin', note: (body as { note: string }).note });
      credits.push(granted);
      return HttpResponse.json(granted, { status: 201 });
    });
    const { user, section } = await openCredits();
    await user.click(within(section).getByRole('button', { name: 'Grant credit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Grant a make-up credit' });
    expect(await within(dialog).findByText(/within 30 days/)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Add a note saying why.');
    expect(posts).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Child' }), 'Leo');
    await user.type(within(dialog).getByLabelText(/Note for the office/), ' Coach was ill ');
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Credit granted')).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([{ childId: leo.id, note: 'Coach was ill' }]);
    expect(await within(section).findByText(/Granted by Ada Admin/)).toBeVisible();
    expect(screen.queryByRole('alertdialog', { name: 'Grant a make-up credit' })).toBeNull();
  });

  it("Remove asks a note; the server's refusal (a booking uses it) stays in the dialog; once removed the credit goes", async () => {
    const credits = creditsApi([credit(1, {})]);
    const deletes: unknown[] = [];
    let used = true;
    api.use(
      http.delete(`/api/admin/users/${FAMILY_ID}/makeup-credits/:creditId`, async ({ params, request }) => {
        deletes.push({ creditId: params.creditId, body: await request.json() });
        if (used) return refusal(409, 'MAKEUP_CREDIT_USED', MAKEUP_CREDIT_USED);
        credits.splice(0, 1);
        return HttpResponse.json({ message: 'Make-up credit removed' });
      }),
    );
    const { user, section } = await openCredits();
    await user.click(within(section).getByRole('button', { name: /^Remove Ava's credit/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove make-up credit' });
    expect(dialog).toHaveTextContent(/Remove Ava's credit \(Cancelled early, use by Jan 9, \d{4}\)\?/);

    await user.click(within(dialog).getByRole('button', { name: 'Remove credit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Add a note saying why.');
    expect(deletes).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Note for the office/), 'Given twice');
    await user.click(within(dialog).getByRole('button', { name: 'Remove credit' }));
    expect(await within(dialog).findByText(MAKEUP_CREDIT_USED)).toBeVisible();

    used = false;
    await user.click(within(dialog).getByRole('button', { name: 'Remove credit' }));
    expect(await screen.findByText('Credit removed')).toBeVisible();
    expect(await within(section).findByText('No make-up credits.')).toBeVisible();
    expect(deletes).toEqual([
      { creditId: uuid(0xc4ed, 1), body: { note: 'Given twice' } },
      { creditId: uuid(0xc4ed, 1), body: { note: 'Given twice' } },
    ]);
  });
});
