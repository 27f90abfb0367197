import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHILD_DETAIL_LOCKED, PHONE_INVALID, type FamilyResponse } from '../../../../shared/schemas/family';
import { BIRTH_DATE_INVALID } from '../../../../shared/rules/child-details';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin, childProfile, familyOf, guardian, parent } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { NO_CONTACTS } from './emergency-contacts-card';
import { FamilyPage } from './family-page';

// The parent's Family page (issue 31) below the browser: what it shows of the family, the guardian's own phone and
// e-mail copies, a child's profile (recording a missing date of birth or sex, the lock once recorded) and the
// emergency contacts (the cap of three, phone checks), each write's endpoint and body.

/** Every write the page sends, with its method, path and JSON body. */
function recordWrites(answer: (method: string, path: string, body: unknown) => Response = () => HttpResponse.json({})) {
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  const handle = async ({ request }: { request: Request }) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const path = new URL(request.url).pathname;
    writes.push({ method: request.method, path, body });
    return answer(request.method, path, body);
  };
  api.use(http.patch('/api/me/*', handle), http.put('/api/me/*', handle));
  return writes;
}

function serveFamily(family: FamilyResponse) {
  api.use(http.get('/api/me/family', () => HttpResponse.json(family)));
}

async function openPage(family: FamilyResponse) {
  serveFamily(family);
  const rendered = await renderApp(<FamilyPage />, { user: parent(), path: '/family' });
  await screen.findByRole('heading', { name: 'Guardians' });
  return rendered;
}

/** A child's card (its form, named by the child). */
const cardOf = (name: string) => screen.getByRole('form', { name });

describe('Family page', { timeout: 30_000 }, () => {
  it('shows the guardians with tap-to-call phones, the children and the empty contacts, after a loading state', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const family = familyOf({
      guardians: [
        guardian('Pat', { isYou: true, phone: '416-555-0100' }),
        guardian('Sam', { phone: 'call the shop', hasPassword: false }),
        guardian('Kim'),
      ],
    });
    api.use(
      http.get('/api/me/family', async () => {
        await answered;
        return HttpResponse.json(family);
      }),
    );
    await renderApp(<FamilyPage />, { user: parent(), path: '/family' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your family');
    release();

    const list = await screen.findByRole('list', { name: 'Guardians' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Pat Parent'),
      expect.stringContaining('Sam Parent'),
      expect.stringContaining('Kim Parent'),
    ]);
    expect(within(items[0]!).getByText('You')).toBeVisible();
    expect(within(items[0]!).getByRole('link', { name: 'Call Pat Parent 416-555-0100' })).toHaveAttribute('href', 'tel:+14165550100');
    // A phone that does not read as a number is shown as typed, not as a link.
    expect(within(items[1]!).getByText('call the shop')).toBeVisible();
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(within(items[1]!).getByText('Invitation sent')).toBeVisible();
    expect(within(items[2]!).getByText('No phone')).toBeVisible();
    expect(within(items[2]!).queryByText('Invitation sent')).toBeNull();
    expect(within(items[1]!).queryByText('You')).toBeNull();
    // Only the office adds or removes guardians.
    expect(screen.queryByRole('button', { name: 'Add guardian' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();

    expect(cardOf('Ava')).toBeVisible();
    expect(cardOf('Leo')).toBeVisible();
    expect(screen.getByText(NO_CONTACTS)).toBeVisible();
  });

  it('the guardian saves their own phone (checked first, the error next to it) and flips their email copies', async () => {
    const writes = recordWrites((_m, _p, body) => HttpResponse.json({ ...guardian('Pat', { isYou: true }), ...(body as object) }));
    const { user } = await openPage(familyOf({ guardians: [guardian('Pat', { isYou: true, copyMe: true }), guardian('Sam')] }));

    const phone = screen.getByLabelText('Your phone');
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(await screen.findByText(PHONE_INVALID)).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone.getAttribute('aria-describedby')).toContain(screen.getByText(PHONE_INVALID).id);
    expect(writes).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '(416) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Save phone' }));
    expect((await screen.findAllByText('Phone saved'))[0]).toBeVisible();
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/me/guardian', body: { phone: '(416) 555-0199' } }]);

    const copies = screen.getByRole('switch', { name: 'Send me copies of emails about what other guardians do' });
    expect(copies).toHaveAttribute('aria-checked', 'true');
    await user.click(copies);
    expect((await screen.findAllByText('Email copies off'))[0]).toBeVisible();
    expect(writes[1]).toEqual({ method: 'PATCH', path: '/api/me/guardian', body: { copyMe: false } });
    expect(copies).toHaveAttribute('aria-checked', 'false');
  });

  it('records a missing date of birth and sex with the notes, flag and consent: the child’s endpoint, the body, a toast', async () => {
    const ava = childProfile('Ava');
    const writes = recordWrites((_m, _p, body) => HttpResponse.json({ ...ava, ...(body as object) }));
    const { user } = await openPage(familyOf({ children: [ava, childProfile('Leo')] }));
    const card = within(cardOf('Ava'));

    // Checked in the browser first: a date of birth in the future, next to its input, and nothing sent.
    const birthDate = card.getByLabelText('Date of birth');
    await user.type(birthDate, '2099-01-01');
    await user.click(card.getByRole('button', { name: 'Save Ava’s profile' }));
    expect(await card.findByText(BIRTH_DATE_INVALID)).toBeVisible();
    expect(birthDate.getAttribute('aria-describedby')).toContain(card.getByText(BIRTH_DATE_INVALID).id);
    expect(writes).toEqual([]);

    await user.clear(birthDate);
    await user.type(birthDate, '2017-04-09');
    await user.selectOptions(card.getByLabelText('Sex'), 'Girl');
    await user.type(card.getByLabelText('Medical notes'), 'Peanut allergy, EpiPen in her bag');
    await user.click(card.getByLabelText('Needs attention at the door (allergy, EpiPen, condition)'));
    expect(card.getByText('Not answered yet.')).toBeVisible();
    await user.click(card.getByRole('radio', { name: 'Refused' }));
    await user.click(card.getByRole('button', { name: 'Save Ava’s profile' }));

    expect((await screen.findAllByText('Profile saved'))[0]).toBeVisible();
    expect(writes).toEqual([
      {
        method: 'PATCH',
        path: `/api/me/family/children/${ava.id}`,
        body: { medicalNotes: 'Peanut allergy, EpiPen in her bag', needsAttention: true, photoConsent: 'REFUSED', birthDate: '2017-04-09', sex: 'F' },
      },
    ]);
  });

  it('a recorded date of birth and sex are read-only with the office hint, and a refusal to change one shows near them', async () => {
    const leo = childProfile('Leo', { birthDate: '2016-02-03', sex: 'M', medicalNotes: 'Asthma', photoConsent: 'GIVEN' });
    const ava = childProfile('Ava');
    recordWrites(() => refusal(403, 'CHILD_DETAIL_LOCKED', CHILD_DETAIL_LOCKED));
    const { user } = await openPage(familyOf({ children: [ava, leo] }));

    const leoCard = within(cardOf('Leo'));
    expect(cardOf('Leo').querySelector('input[type="date"]')).toBeNull();
    expect(leoCard.queryByRole('combobox', { name: 'Sex' })).toBeNull();
    expect(leoCard.getByRole('group', { name: 'Date of birth' })).toHaveTextContent('2016-02-03');
    expect(leoCard.getByRole('group', { name: 'Date of birth' })).toHaveAccessibleDescription('Recorded — call the office to correct it');
    expect(leoCard.getByRole('group', { name: 'Sex' })).toHaveTextContent('Boy');
    expect(leoCard.getAllByText('Recorded — call the office to correct it')).toHaveLength(2);
    expect(leoCard.getByLabelText('Medical notes')).toHaveValue('Asthma');
    expect(leoCard.getByRole('radio', { name: 'Given' })).toBeChecked();
    // The unrecorded child's card still asks for them.
    expect(cardOf('Ava').querySelector('input[type="date"]')).toBeEnabled();
    expect(within(cardOf('Ava')).getByRole('combobox', { name: 'Sex' })).toBeEnabled();

    // Someone recorded Ava's date of birth meanwhile: the server refuses, and says so next to the fields.
    const avaCard = within(cardOf('Ava'));
    await user.type(avaCard.getByLabelText('Date of birth'), '2018-01-01');
    await user.click(avaCard.getByRole('button', { name: 'Save Ava’s profile' }));
    expect(await avaCard.findByRole('alert')).toHaveTextContent(CHILD_DETAIL_LOCKED);
    expect(within(cardOf('Leo')).queryByRole('alert')).toBeNull();
  });

  it('emergency contacts: rows added up to three, a bad phone refused next to its input, the list saved with PUT', async () => {
    const writes = recordWrites();
    const { user } = await openPage(familyOf());
    const card = within(screen.getByRole('form', { name: 'Emergency contacts' }));
    expect(card.getByText(NO_CONTACTS)).toBeVisible();

    const add = card.getByRole('button', { name: 'Add contact' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(card.getAllByRole('group', { name: /^Contact \d$/ })).toHaveLength(3);
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('You can list up to 3 emergency contacts.');
    expect(card.queryByText(NO_CONTACTS)).toBeNull();

    await user.click(card.getByRole('button', { name: 'Remove contact 3' }));
    expect(card.getAllByRole('group', { name: /^Contact \d$/ })).toHaveLength(2);
    expect(add).toBeEnabled();

    const first = within(card.getByRole('group', { name: 'Contact 1' }));
    const second = within(card.getByRole('group', { name: 'Contact 2' }));
    await user.type(first.getByLabelText('Name'), 'Grace Hopper');
    await user.type(first.getByLabelText('Relationship'), 'Grandmother');
    await user.type(first.getByLabelText('Phone'), '555');
    await user.type(second.getByLabelText('Name'), 'Alan Turing');
    await user.type(second.getByLabelText('Relationship'), 'Neighbour');
    await user.type(second.getByLabelText('Phone'), '+44 20 7946 0958');
    await user.click(card.getByRole('button', { name: 'Save emergency contacts' }));

    const phoneError = await first.findByText(PHONE_INVALID);
    expect(first.getByLabelText('Phone').getAttribute('aria-describedby')).toContain(phoneError.id);
    expect(second.queryByText(PHONE_INVALID)).toBeNull();
    expect(writes).toEqual([]);

    await user.clear(first.getByLabelText('Phone'));
    await user.type(first.getByLabelText('Phone'), '416 555 0123');
    await user.click(card.getByRole('button', { name: 'Save emergency contacts' }));
    expect((await screen.findAllByText('Emergency contacts saved'))[0]).toBeVisible();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/me/family/emergency-contacts',
        body: {
          contacts: [
            { name: 'Grace Hopper', relationship: 'Grandmother', phone: '416 555 0123' },
            { name: 'Alan Turing', relationship: 'Neighbour', phone: '+44 20 7946 0958' },
          ],
        },
      },
    ]);
  });

  it('saved contacts show tap-to-call phones; the server’s phone refusal is shown next to that phone', async () => {
    recordWrites(() =>
      HttpResponse.json({ message: 'Validation failed', code: 'VALIDATION_FAILED', errors: [{ field: 'contacts.1.phone', message: PHONE_INVALID }] }, { status: 400 }),
    );
    const { user } = await openPage(
      familyOf({
        emergencyContacts: [
          { name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' },
          { name: 'Alan Turing', relationship: 'Neighbour', phone: '416-555-0124' },
        ],
      }),
    );
    const card = within(screen.getByRole('form', { name: 'Emergency contacts' }));
    expect(card.getByRole('link', { name: 'Call Grace Hopper 416-555-0123' })).toHaveAttribute('href', 'tel:+14165550123');
    await user.click(card.getByRole('button', { name: 'Save emergency contacts' }));
    const second = within(card.getByRole('group', { name: 'Contact 2' }));
    expect(await second.findByText(PHONE_INVALID)).toBeVisible();
    expect(within(card.getByRole('group', { name: 'Contact 1' })).queryByText(PHONE_INVALID)).toBeNull();
  });

  it('a staff account is told it has no family and reads nothing', async () => {
    await renderApp(<FamilyPage />, { user: admin(), path: '/family' });
    expect(await screen.findByText(/Staff accounts have no family/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Guardians' })).toBeNull());
  });
});
