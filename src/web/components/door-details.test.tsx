import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GuardianPhones, NeedsAttentionFlag } from './door-details';

// Issue 31 at the door: the 'Needs attention' flag (an icon and words, a button that shows the notes) and the
// guardians' tap-to-call phones, as the session's roster and the Check-in tab use them.

describe('NeedsAttentionFlag', () => {
  it('shows the words, not colour alone, and opens the notes on a click; a second click hides them', async () => {
    const user = userEvent.setup();
    render(<NeedsAttentionFlag childName="Ava" notes={'Peanut allergy.\nEpiPen in the blue bag.'} />);
    const flag = screen.getByRole('button', { name: 'Needs attention, notes for Ava' });
    expect(flag).toHaveTextContent('Needs attention');
    expect(flag).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/EpiPen/)).not.toBeVisible();

    await user.click(flag);
    expect(flag).toHaveAttribute('aria-expanded', 'true');
    const notes = screen.getByRole('region', { name: 'Notes for Ava' });
    expect(notes).toBeVisible();
    expect(notes).toHaveTextContent('Peanut allergy. EpiPen in the blue bag.');
    expect(flag).toHaveAttribute('aria-controls', notes.id);

    await user.click(flag);
    expect(flag).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/EpiPen/)).not.toBeVisible();
  });

  it('is reached with Tab and opened with Enter, closed with Space', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <NeedsAttentionFlag childName="Leo" notes="Asthma: inhaler in the front pocket" />
      </>,
    );
    await user.tab();
    await user.tab();
    const flag = screen.getByRole('button', { name: /Needs attention/ });
    expect(flag).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Asthma: inhaler in the front pocket')).toBeVisible();
    await user.keyboard(' ');
    expect(screen.queryByText('Asthma: inhaler in the front pocket')).not.toBeVisible();
  });

  it('says so when the flag has no notes written', async () => {
    const user = userEvent.setup();
    render(<NeedsAttentionFlag childName="Nia" notes={null} />);
    await user.click(screen.getByRole('button', { name: /Needs attention/ }));
    expect(screen.getByRole('region', { name: 'Notes for Nia' })).toHaveTextContent('No notes written.');
  });
});

describe('GuardianPhones', () => {
  it('makes each dialable phone a tap-to-call link, and leaves one that does not read as a number as text', () => {
    render(
      <GuardianPhones
        guardians={[
          { name: 'Pat Parent', phone: '416-555-0147' },
          { name: 'Zoe Second', phone: '+44 20 7946 0958' },
          { name: 'Abe Third', phone: 'ask at the desk' },
          { name: 'Del Fourth', phone: null },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Pat Parent416-555-0147', 'Zoe Second+44 20 7946 0958', 'Abe Thirdask at the desk', 'Del Fourthno phone']);
    expect(screen.getByRole('link', { name: 'Call Pat Parent, 416-555-0147' })).toHaveAttribute('href', 'tel:+14165550147');
    expect(screen.getByRole('link', { name: 'Call Zoe Second, +44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('ask at the desk').closest('a')).toBeNull();
  });

  it('says when the family has no guardian on file', () => {
    render(<GuardianPhones guardians={[]} />);
    expect(screen.getByText('No guardian on file')).toBeVisible();
  });
});
