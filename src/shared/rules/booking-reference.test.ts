import { describe, expect, it } from 'vitest';
import { bookingReference } from '../product';
import { parseBookingReference, referenceOfSuffix } from './booking-reference';

describe('parseBookingReference', () => {
  it('reads the reference however it is typed or scanned', () => {
    for (const text of ['NB-1A2B3C4D', 'nb-1a2b3c4d', '1a2b3c4d', ' NB 1A2B 3C4D ', 'NB1A2B3C4D', '1A2B-3C4D']) {
      expect(parseBookingReference(text), text).toBe('1a2b3c4d');
    }
  });
  it('refuses what cannot be a reference', () => {
    for (const text of ['', 'NB-', 'NB-1A2B3C4', 'NB-1A2B3C4D5', 'NB-1A2B3C4G', 'XX-1A2B3C4D', 'NB-ΑΒΓΔ1234']) {
      expect(parseBookingReference(text), text).toBeNull();
    }
  });
  it('round-trips with the reference shown on the confirmation', () => {
    const id = '0b9c2f5e-6a1d-4e3b-9c8d-7f6e5d4c3b2a';
    expect(referenceOfSuffix(parseBookingReference(bookingReference(id))!)).toBe(bookingReference(id));
  });
});
