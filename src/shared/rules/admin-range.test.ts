import { describe, expect, it } from 'vitest';
import { adminListRange } from './admin-range';

describe('admin list range (spec 7)', () => {
  it('runs from the Toronto day 7 days ago to the one 30 days ahead', () => {
    // Sunday 2026-11-22 21:30 in Toronto is already Monday in UTC and in Tokyo.
    expect(adminListRange(new Date('2026-11-23T02:30:00Z'))).toEqual({ from: '2026-11-15', to: '2026-12-22' });
  });

  it('is the chosen day alone when one is chosen', () => {
    expect(adminListRange(new Date('2026-11-23T02:30:00Z'), '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });
});
