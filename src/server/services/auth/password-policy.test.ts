import { describe, expect, it } from 'vitest';
import { isCommonPassword, loadCommonPasswords } from './password-policy';

describe('the common-password list', () => {
  it('holds the 10,000 most common passwords, compared without case or surrounding spaces', () => {
    const list = loadCommonPasswords();
    // 10,000 lines; a few differ only in case (Dragon and dragon), so the lower-cased set is slightly smaller.
    expect(list.size).toBeGreaterThan(9_900);
    expect(list.size).toBeLessThanOrEqual(10_000);
    for (const common of ['123456', 'aaaaaa', 'password', 'qwerty', 'letmein', 'PASSWORD', '  iloveyou  ', 'Football']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    for (const fine of ['ember-lantern-42', 'Northbound Athletics 2026', 'aaaaaaa-b']) expect(isCommonPassword(fine), fine).toBe(false);
  });

  it("refuses the owner's email, its local part, first, last and full name", () => {
    const owner = { email: 'Rosalind.F@Example.com', firstName: 'Rosalind', lastName: 'Featherstone' };
    for (const personal of ['rosalind.f@example.com', ' ROSALIND.F ', 'rosalind', 'FEATHERSTONE', 'Rosalind Featherstone', 'rosalindfeatherstone']) {
      expect(isCommonPassword(personal, owner), personal).toBe(true);
    }
    expect(isCommonPassword('rosalind-featherstone-9', owner)).toBe(false);
    expect(isCommonPassword('rosalind.f')).toBe(false);
  });
});
