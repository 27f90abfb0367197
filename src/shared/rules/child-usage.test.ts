import { describe, expect, it } from 'vitest';
import { childRemainingLabel, childUsageSummary, childUsageTone } from './child-usage';

describe('child usage card (spec 4)', () => {
  it('is red at 0 remaining, warning at 1, success otherwise', () => {
    expect(childUsageTone(0)).toBe('danger');
    expect(childUsageTone(-1)).toBe('danger');
    expect(childUsageTone(1)).toBe('warning');
    expect(childUsageTone(2)).toBe('success');
    expect(childUsageTone(7)).toBe('success');
  });

  it("says 'Limit reached' at 0 remaining", () => {
    expect(childRemainingLabel(0)).toBe('Limit reached');
    expect(childRemainingLabel(1)).toBe('1 remaining');
    expect(childRemainingLabel(3)).toBe('3 remaining');
  });

  it('writes used of limit sessions', () => {
    expect(childUsageSummary({ used: 1, limit: 2 })).toBe('1 of 2 sessions');
    expect(childUsageSummary({ used: 0, limit: 1 })).toBe('0 of 1 session');
  });
});
