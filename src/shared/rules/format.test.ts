import { describe, expect, it } from 'vitest';
import { formatCount, plural } from './format';

describe('counts as the product writes them', () => {
  it('writes counts below 1,000 as they are and larger ones with a thousands separator', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-999)).toBe('-999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(12_500)).toBe('12,500');
    expect(formatCount(1.5)).toBe('1.5');
  });

  it('says one or many', () => {
    expect(plural(1, 'booking')).toBe('1 booking');
    expect(plural(0, 'booking')).toBe('0 bookings');
    expect(plural(2, 'family', 'families')).toBe('2 families');
    expect(plural(1250, 'row')).toBe('1,250 rows');
  });
});
