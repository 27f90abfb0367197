import { describe, expect, it } from 'vitest';
import { isAdminRole, roleLine } from './roles';

describe('roles', () => {
  it('only ADMIN and SUPER_ADMIN are administrators; anything else is a parent', () => {
    expect(isAdminRole('ADMIN')).toBe(true);
    expect(isAdminRole('SUPER_ADMIN')).toBe(true);
    for (const role of ['PARENT', 'COACH', 'admin', '', null, undefined]) expect(isAdminRole(role)).toBe(false);
  });

  it('writes the user-menu role line of the spec', () => {
    expect(roleLine({ role: 'SUPER_ADMIN', planTier: 'ONE' })).toBe('Super Administrator');
    expect(roleLine({ role: 'ADMIN', planTier: 'ONE' })).toBe('Administrator');
    expect(roleLine({ role: 'PARENT', planTier: 'TWO' })).toBe('Plan: two');
    expect(roleLine({ role: 'COACH', planTier: 'THREE' })).toBe('Plan: three');
  });
});
