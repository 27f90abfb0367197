import { describe, expect, it } from 'vitest';
import { isAdminRole, isCoachRole, isStaffRole, roleLine } from './roles';

describe('roles', () => {
  it('only ADMIN and SUPER_ADMIN are administrators; anything else is a parent', () => {
    expect(isAdminRole('ADMIN')).toBe(true);
    expect(isAdminRole('SUPER_ADMIN')).toBe(true);
    for (const role of ['PARENT', 'COACH', 'admin', '', null, undefined]) expect(isAdminRole(role)).toBe(false);
  });

  it('the staff are the coaches and the administrators; a coach is not an administrator (issue 34)', () => {
    for (const role of ['COACH', 'ADMIN', 'SUPER_ADMIN']) expect(isStaffRole(role)).toBe(true);
    for (const role of ['PARENT', 'coach', 'MEMBER', '', null, undefined]) expect(isStaffRole(role)).toBe(false);
    expect(isCoachRole('COACH')).toBe(true);
    expect(isCoachRole('ADMIN')).toBe(false);
  });

  it('writes the user-menu role line of the spec', () => {
    expect(roleLine({ role: 'SUPER_ADMIN', planTier: 'ONE' })).toBe('Super Administrator');
    expect(roleLine({ role: 'ADMIN', planTier: 'ONE' })).toBe('Administrator');
    expect(roleLine({ role: 'PARENT', planTier: 'TWO' })).toBe('Plan: two');
    expect(roleLine({ role: 'COACH', planTier: 'THREE' })).toBe('Coach');
    expect(roleLine({ role: 'MEMBER', planTier: 'THREE' })).toBe('Plan: three');
  });
});
