import { describe, expect, it } from 'vitest';
import { offlineCacheFor } from './offline-data';

describe('offlineCacheFor (what the service worker keeps for the gym door)', () => {
  it('keeps the family account reads one entry each', () => {
    expect(offlineCacheFor('/api/me')).toBe('account');
    expect(offlineCacheFor('/api/me/bookings')).toBe('account');
    expect(offlineCacheFor('/api/me/waitlist')).toBe('account');
    expect(offlineCacheFor('/api/classes')).toBe('account');
  });

  it('keeps calendar windows and weekly child counts per query', () => {
    expect(offlineCacheFor('/api/sessions')).toBe('window');
    expect(offlineCacheFor('/api/me/child-stats')).toBe('window');
  });

  it("keeps a session's roster for the door (issue 34), and not its CSV nor the office's other session reads", () => {
    expect(offlineCacheFor('/api/admin/sessions/0b6f1d3e-5c6a-4f7e-9d2b-1a2b3c4d5e6f/roster')).toBe('window');
    for (const path of ['/api/admin/sessions/0b6f1d3e-5c6a-4f7e-9d2b-1a2b3c4d5e6f/roster/export.csv', '/api/admin/sessions', '/api/admin/sessions/x/roster']) {
      expect(offlineCacheFor(path), path).toBeNull();
    }
  });

  it('keeps nothing else: no admin data, no booking detail, no near-miss paths', () => {
    for (const path of ['/api/admin/users', '/api/admin/reservations', '/api/admin/activity', '/api/bookings', '/api/me/bookings/x', '/api/me/', '/api/sessionsx', '/api/auth/login', '/dashboard']) {
      expect(offlineCacheFor(path), path).toBeNull();
    }
  });
});
