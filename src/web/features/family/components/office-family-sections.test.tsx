import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_GUARDIAN, MAX_GUARDIANS, TOO_MANY_GUARDIANS, type FamilyResponse } from '../../../../shared/schemas/family';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin, childProfile, familyOf, guardian, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { GUARDIANS_FULL_HINT, LAST_GUARDIAN_HINT } from './guardians-card';
import { OfficeFamilySections } from './family-sections';

// The office's part of the family page (issue 31): the same sections as the parent's Family page, saved through the
// admin API (a recorded date of birth or sex editable), plus adding a guardian (a dialog, its refusals) and removing
// one (a confirmation, the last one kept). The composition into /admin/users/:id is tested in src/web/app/admin.

const USER_ID = uuid(0x05e4, 7);
const base = `/api/admin/users/${USER_ID}`;

interface Write {
  method: string;
  path: string;
  body: unknown;
}

/** Every write under the family's admin address; `answer` decides each reply. */
function recordWrites(answer: (write: Write) => Response = () => HttpResponse.json({})) {
  const writes: Write[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const text = await request.text();
    const write = { method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : undefined };
    writes.push(write);
    return answer(write);
  };
  api.use(http.post(`${base}/*`, handle), http.patch(`${base}/*`, handle), http.put(`${base}/*`, handle), http.delete(`${base}/*`, handle));
  return writes;
}

async function openSections(family: FamilyResponse) {
  const rendered = await renderApp(<OfficeFamilySections userId={USER_ID} family={family} />, { user: admin(), path: `/admin/users/${USER_ID}` });
  await screen.findByRole('heading', { name: 'Guardians' });
  return rendered;
}

const guardianRow = (name: string) => {
  const row = within(screen.getByRole('list', { name: 'Guardians' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`No guardian ${name}`);
  return row;
};

describe('Office family sections', { timeout: 30_000 }, () => {
  it('shows the medical notes with a Needs attention badge, consent, contacts with tap-to-call phones; edits a recorded date of birth', async () => {
    const leo = childProfile('Leo', { birthDate: '2016-02-03', sex: 'M', medicalNotes: 'Peanut allergy: EpiPen', needsAttention: true, photoConsent: 'REFUSED' });
    const ava = childProfile('Ava', { medicalNotes: null });
    const writes = recordWrites(({ body }) => HttpResponse.json({ ...leo, ...(body as object) }));
    const { user } = await openSections(
      familyOf({
        guardians: [guardian('Pat', { phone: '416-555-0100' }), guardian('Sam')],
        children: [leo, ava],
        emergencyContacts: [{ name: 'Grace Hopper', relationship: 'Grandmother', phone: '+1 416 555 0123' }],
      }),
    );
    expect(screen.getByRole('heading', { name: 'Children’s profiles' })).toBeVisible();
    const leoCard = within(screen.getByRole('form', { name: 'Leo' }));
    expect(leoCard.getByText('Needs attention')).toBeVisible();
    expect(within(screen.getByRole('form', { name: 'Ava' })).queryByText('Needs attention')).toBeNull();
    expect(leoCard.getByLabelText('Medical notes')).toHaveValue('Peanut allergy: EpiPen');
    expect(leoCard.getByRole('radio', { name: 'Refused' })).toBeChecked();
    expect(within(guardianRow('Pat Parent')).getByRole('link', { name: 'Call Pat Parent 416-555-0100' })).toHaveAttribute('href', 'tel:+14165550100');
    expect(screen.getByRole('link', { name: 'Call Grace Hopper +1 416 555 0123' })).toHaveAttribute('href', 'tel:+14165550123');

    // The office corrects a recorded date of birth: no lock, no hint, the admin endpoint.
    expect(leoCard.queryByText('Recorded — call the office to correct it')).toBeNull();
    const birthDate = leoCard.getByLabelText('Date of birth');
    expect(birthDate).toHaveValue('2016-02-03');
    await user.clear(birthDate);
    await user.type(birthDate, '2016-03-02');
    await user.click(leoCard.getByRole('button', { name: 'Save Leo’s profile' }));
    expect((await screen.findAllByText('Profile saved'))[0]).toBeVisible();
    expect(writes).toEqual([
      {
        method: 'PATCH',
        path: `${base}/children/${leo.id}`,
        body: { birthDate: '2016-03-02', sex: 'M', medicalNotes: 'Peanut allergy: EpiPen', needsAttention: true, photoConsent: 'REFUSED' },
      },
    ]);
  });

  it('saves the emergency contacts through the admin endpoint', async () => {
    const writes = recordWrites();
    const { user } = await openSections(familyOf({ emergencyContacts: [{ name: 'Grace Hopper', relationship: 'Grandmother', phone: '416-555-0123' }] }));
    const card = within(screen.getByRole('form', { name: 'Emergency contacts' }));
    await user.click(card.getByRole('button', { name: 'Remove contact 1' }));
    expect(card.getByText('No emergency contacts yet — add someone we can call if we cannot reach you.')).toBeVisible();
    await user.click(card.getByRole('button', { name: 'Save emergency contacts' }));
    expect((await screen.findAllByText('Emergency contacts saved'))[0]).toBeVisible();
    expect(writes).toEqual([{ method: 'PUT', path: `${base}/emergency-contacts`, body: { contacts: [] } }]);
  });

  it('adds a guardian: checked in the dialog, a taken email under its field, a full family above the buttons, then sent', async () => {
    let answer: Response = refusal(409, 'EMAIL_TAKEN', 'A user with this email already exists');
    const writes = recordWrites(() => answer.clone());
    const { user } = await openSections(familyOf({ guardians: [guardian('Pat')] }));

    await user.click(screen.getByRole('button', { name: 'Add guardian' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add guardian' }));
    await user.click(dialog.getByRole('button', { name: 'Add guardian' }));
    expect(await dialog.findByText('First name is required')).toBeVisible();
    expect(dialog.getByText('Valid email is required')).toBeVisible();
    expect(writes).toEqual([]);

    await user.type(dialog.getByLabelText('First Name'), 'Sam');
    await user.type(dialog.getByLabelText('Last Name'), 'Rivera');
    await user.type(dialog.getByLabelText('Email Address'), 'Sam@Example.com');
    await user.type(dialog.getByLabelText(/^Phone/), '416 555 0155');
    await user.click(dialog.getByRole('button', { name: 'Add guardian' }));
    const emailError = await dialog.findByText('A user with this email already exists');
    expect(dialog.getByLabelText('Email Address').getAttribute('aria-describedby')).toContain(emailError.id);
    expect(writes).toEqual([{ method: 'POST', path: `${base}/guardians`, body: { firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com', phone: '416 555 0155' } }]);

    answer = refusal(409, 'TOO_MANY_GUARDIANS', TOO_MANY_GUARDIANS);
    await user.clear(dialog.getByLabelText('Email Address'));
    await user.type(dialog.getByLabelText('Email Address'), 'sam.rivera@example.com');
    await user.click(dialog.getByRole('button', { name: 'Add guardian' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(TOO_MANY_GUARDIANS);

    answer = HttpResponse.json(guardian('Sam', { lastName: 'Rivera', email: 'sam.rivera@example.com', hasPassword: false }), { status: 201 });
    await user.click(dialog.getByRole('button', { name: 'Add guardian' }));
    expect((await screen.findAllByText('Guardian added'))[0]).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toHaveLength(3);
    expect(writes[2]).toEqual({ method: 'POST', path: `${base}/guardians`, body: { firstName: 'Sam', lastName: 'Rivera', email: 'sam.rivera@example.com', phone: '416 555 0155' } });
  });

  it('no more than four guardians: Add guardian is disabled with why', async () => {
    recordWrites();
    await openSections(familyOf({ guardians: Array.from({ length: MAX_GUARDIANS }, (_, i) => guardian(`G${i}`)) }));
    const add = screen.getByRole('button', { name: 'Add guardian' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(GUARDIANS_FULL_HINT);
  });

  it('removes a guardian after a confirmation; the only guardian cannot be removed, and a refusal stays in the dialog', async () => {
    let answer: Response = refusal(409, 'LAST_GUARDIAN', LAST_GUARDIAN);
    const writes = recordWrites(() => answer.clone());
    const pat = guardian('Pat');
    const sam = guardian('Sam');
    const { user, unmount } = await openSections(familyOf({ guardians: [pat, sam] }));

    await user.click(within(guardianRow('Sam Parent')).getByRole('button', { name: 'Remove Sam Parent' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove guardian' }));
    expect(dialog.getByText(/Remove Sam Parent \(sam@example.com\) from this family\?/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Remove guardian' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(LAST_GUARDIAN);
    expect(writes).toEqual([{ method: 'DELETE', path: `${base}/guardians/${sam.id}`, body: undefined }]);

    answer = new Response(null, { status: 204 });
    await user.click(dialog.getByRole('button', { name: 'Remove guardian' }));
    expect((await screen.findAllByText('Guardian removed'))[0]).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes).toHaveLength(2);
    unmount();

    await openSections(familyOf({ guardians: [pat] }));
    const remove = within(guardianRow('Pat Parent')).getByRole('button', { name: 'Remove Pat Parent' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(LAST_GUARDIAN_HINT);
  });
});
