import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES } from '../schemas/settings';
import { cancellationCreditNote, cancellationKind } from './cancellation';

describe('the cancellation cut-off (issue 32)', () => {
  const start = new Date('2026-11-01T15:00:00Z'); // Sunday 10:00 EST, the morning of the November clock change
  it('is early until the start minus the hours on the real timeline, late from that instant', () => {
    expect(cancellationKind(start, new Date('2026-10-31T14:59:59.999Z'), 24)).toBe('EARLY');
    expect(cancellationKind(start, new Date('2026-10-31T15:00:00Z'), 24)).toBe('LATE');
  });

  it('tells the family what cancelling now gives, naming the children cancelled', () => {
    const early = new Date('2026-10-31T12:00:00Z');
    expect(cancellationCreditNote(start, early, DEFAULT_POLICIES, ['Leo'])).toEqual({
      kind: 'EARLY',
      text: 'Cancelled more than 2 hours ahead: Leo gets a make-up credit, usable for 30 days.',
    });
    expect(cancellationCreditNote(start, early, { ...DEFAULT_POLICIES, makeupCreditValidityDays: 14 }, ['Ava', 'Leo', 'Mia'])?.text).toBe(
      'Cancelled more than 2 hours ahead: Ava, Leo and Mia each get a make-up credit, usable for 14 days.',
    );
    expect(cancellationCreditNote(start, early, { ...DEFAULT_POLICIES, makeupCreditsEnabled: false }, ['Leo'])).toBeNull();
    expect(cancellationCreditNote(start, new Date('2026-11-01T14:00:00Z'), { ...DEFAULT_POLICIES, cancellationCutoffHours: 1 }, ['Leo'])).toEqual({
      kind: 'LATE',
      text: 'Less than 1 hour before the start, this is a late cancellation: it gives no make-up credit.',
    });
  });
});
