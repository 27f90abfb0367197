import { subDays, subYears } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { torontoDateKey } from '../../../../shared/rules/week';
import type { FamilyResponse } from '../../../../shared/schemas/family';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import type { Child, CurrentUser } from '../../../../shared/schemas/users';
import { api, http, HttpResponse, recordPosts, refusal } from '../../../test-support/api';
import { booking, child, classType, parent, session, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { BookingDialog } from './booking-dialog';

// Issue 31: a class with an age range needs each child's date of birth, a girls-only class their sex. When a child
// chosen lacks one, the dialog asks for it inline, records it (PATCH /api/me/family/children/:id) and then books; a
// server that refuses with ELIGIBILITY_DETAILS_MISSING (the dialog's reads were out of date) gets the same ask.

const girlsAged = () => session(48, { classType: classType({ code: 'GIRLS', name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true }) });
/** A date of birth that makes a child 10 on every day of the next fortnight. */
const tenYearsOld = torontoDateKey(subDays(subYears(new Date(), 10), 30));
const AVA_ID = uuid(0xc41d, 1);
const MIA_ID = uuid(0xc41d, 2);

/**
 * The family's reads: the week, its bookings and waiting entries, GET /api/me/family (the children's ids), and
 * GET /api/me answering the family as `current()` says (so a detail recorded comes back in the session call).
 */
function familyApi(current: () => Child[]) {
  api.use(
    http.get('/api/me/child-stats', () =>
      HttpResponse.json({ weekStart: new Date().toISOString(), children: current().map((c) => ({ name: c.name, used: 0, limit: 2, remaining: 2 })) }),
    ),
    http.get('/api/me/bookings', () => HttpResponse.json([])),
    http.get('/api/me/waitlist', () => HttpResponse.json([])),
    http.get('/api/me/family', () =>
      HttpResponse.json({
        guardians: [],
        emergencyContacts: [],
        children: current().map((c, i) => ({
          id: i === 0 ? AVA_ID : MIA_ID,
          name: c.name,
          birthDate: c.birthDate,
          sex: c.sex,
          medicalNotes: null,
          needsAttention: false,
          photoConsent: null,
        })),
      } satisfies FamilyResponse),
    ),
  );
}

/** Every PATCH of a child, recorded into the family `children` (the server's record). */
function recordPatches(children: Child[], answer?: () => Response) {
  const patches: { id: string; body: Record<string, string> }[] = [];
  api.use(
    http.patch('/api/me/family/children/:id', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, string>;
      patches.push({ id: String(params.id), body });
      if (answer) return answer();
      const index = params.id === AVA_ID ? 0 : 1;
      children[index] = { ...children[index]!, ...body } as Child;
      return HttpResponse.json({ id: params.id, ...children[index] });
    }),
  );
  return patches;
}

async function openDialog(opened: SessionDto, children: Child[]) {
  const rendered = await renderApp(<BookingDialog session={opened} open onOpenChange={vi.fn()} />, { user: parent(children) });
  // The session call from now on answers the family as recorded (a detail saved shows in it).
  api.use(http.get('/api/me', () => HttpResponse.json(parent(children) satisfies CurrentUser)));
  const dialog = await screen.findByRole('dialog', { name: 'Book Session' });
  return { ...rendered, dialog };
}

describe('booking dialog: details a class needs (issue 31)', () => {
  it('asks a chosen child’s missing date of birth and sex, records them, then books', async () => {
    const opened = girlsAged();
    const children = [child('Ava'), child('Mia', { birthDate: tenYearsOld, sex: 'F' })];
    familyApi(() => children);
    const patches = recordPatches(children);
    const posts = recordPosts('/api/bookings', () => HttpResponse.json(booking(opened, ['Ava', 'Mia']), { status: 201 }));
    const { user, location } = await openDialog(opened, children);

    // Mia's record has all the class needs: nothing is asked for her.
    await user.click(await screen.findByRole('checkbox', { name: /Mia/ }));
    expect(screen.queryByRole('region', { name: 'Details needed before booking' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Ava/ }));
    const ask = await screen.findByRole('region', { name: 'Details needed before booking' });
    expect(ask).toHaveTextContent('Girls Power Hour is for ages 9-15, girls only, so we need these details first.');
    expect(screen.queryByLabelText("Mia's date of birth")).toBeNull();

    // Book without them: each field says what it needs, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText("Enter Ava's date of birth")).toBeVisible();
    expect(screen.getByText("Choose Ava's sex")).toBeVisible();
    expect(screen.getByLabelText("Ava's date of birth")).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toEqual([]);
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText("Ava's date of birth"), tenYearsOld);
    await user.selectOptions(screen.getByLabelText("Ava's sex"), 'Girl');
    expect(screen.queryByText("Enter Ava's date of birth")).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    expect(await screen.findByText('Booking Confirmed!')).toBeVisible();
    expect(patches).toEqual([{ id: AVA_ID, body: { birthDate: tenYearsOld, sex: 'F' } }]);
    expect(posts.map((post) => post.body)).toEqual([{ sessionId: opened.id, childNames: ['Ava', 'Mia'] }]);
    await waitFor(() => expect(location()).toMatch(/^\/booking-confirmation\//));
  });

  it('a detail recorded that rules the child out books nothing, and the child is greyed with why', async () => {
    const opened = session(48, { classType: classType({ code: 'GIRLS', name: 'Girls Power Hour', minAge: null, maxAge: null, girlsOnly: true }) });
    const children = [child('Ava'), child('Mia', { sex: 'F' })];
    familyApi(() => children);
    const patches = recordPatches(children);
    const posts = recordPosts('/api/bookings', () => HttpResponse.json(booking(opened, ['Ava']), { status: 201 }));
    const { user } = await openDialog(opened, children);

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    expect(screen.queryByLabelText("Ava's date of birth")).toBeNull();
    await user.selectOptions(screen.getByLabelText("Ava's sex"), 'Boy');
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    expect(await screen.findByText('Details Saved')).toBeVisible();
    const reason = "Ava can't book Girls Power Hour: it is for girls only";
    expect(screen.getAllByText(reason)[0]).toBeVisible();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Ava/ })).toBeDisabled());
    expect(patches).toEqual([{ id: AVA_ID, body: { sex: 'M' } }]);
    expect(posts).toEqual([]);
  });

  it('a refusal of the details (already recorded by the office) is said, and nothing is booked', async () => {
    const opened = girlsAged();
    const children = [child('Ava', { birthDate: tenYearsOld })];
    familyApi(() => children);
    const message = 'Only the office can change a date of birth or sex that is recorded. Please call us to correct it.';
    recordPatches(children, () => refusal(403, 'CHILD_DETAIL_LOCKED', message));
    const posts = recordPosts('/api/bookings', () => HttpResponse.json(booking(opened, ['Ava']), { status: 201 }));
    const { user, dialog } = await openDialog(opened, children);

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    await user.selectOptions(screen.getByLabelText("Ava's sex"), 'Girl');
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText('Details Not Saved')).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(dialog).toBeVisible();
    expect(posts).toEqual([]);
  });

  it('the server’s ELIGIBILITY_DETAILS_MISSING (reads out of date) shows the same ask; answered, the booking goes through', async () => {
    const opened = girlsAged();
    // The dialog believes Ava's sex is recorded; the server knows it is not.
    const children = [child('Ava', { birthDate: tenYearsOld, sex: 'F' })];
    const recorded = [child('Ava', { birthDate: tenYearsOld })];
    familyApi(() => recorded);
    const patches = recordPatches(recorded);
    const message = "Girls Power Hour needs Ava's sex before Ava can be booked. Add it and book again.";
    const posts = recordPosts('/api/bookings', (n) =>
      n === 1
        ? refusal(409, 'ELIGIBILITY_DETAILS_MISSING', message, { missingDetails: [{ childName: 'Ava', fields: ['sex'] }] })
        : HttpResponse.json(booking(opened, ['Ava']), { status: 201 }),
    );
    const { user } = await openDialog(opened, children);
    // The refusal's refresh of the session call brings the family as the server has it.
    api.use(http.get('/api/me', () => HttpResponse.json(parent(recorded))));

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    expect(screen.queryByRole('region', { name: 'Details needed before booking' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    const ask = await screen.findByRole('region', { name: 'Details needed before booking' });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(ask).toContainElement(screen.getByLabelText("Ava's sex"));
    expect(screen.queryByText('Booking Failed')).toBeNull();

    await user.selectOptions(screen.getByLabelText("Ava's sex"), 'Girl');
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText('Booking Confirmed!')).toBeVisible();
    expect(patches).toEqual([{ id: AVA_ID, body: { sex: 'F' } }]);
    expect(posts).toHaveLength(2);
    // A new attempt after the answered refusal: a new key.
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
  });
});
