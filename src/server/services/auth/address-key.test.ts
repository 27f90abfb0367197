import { describe, expect, it } from 'vitest';
import { accountKey, addressKey } from './login-throttle';

describe('login throttle keys', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressKey('203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('203.0.113.8')).toBe('address:203.0.113.8');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('address:203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('address:203.0.113.7');
  });

  it('uses the /64 prefix of an IPv6 address, whatever its spelling', () => {
    const key = 'address:2001:db8:abcd:12::/64';
    expect(addressKey('2001:db8:abcd:12::1')).toBe(key);
    expect(addressKey('2001:DB8:ABCD:0012:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:0db8:abcd:0012:0000:0000:0000:0001')).toBe(key);
    expect(addressKey('[2001:db8:abcd:12::9]')).toBe(key);
    expect(addressKey('2001:db8:abcd:12::1%eth0')).toBe(key);
    expect(addressKey('2001:db8:abcd:13::1')).toBe('address:2001:db8:abcd:13::/64');
    expect(addressKey('::1')).toBe('address:0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('address:2001:db8:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('address:64:ff9b:0:0::/64');
  });

  it('keys an account by its email without case', () => {
    expect(accountKey(' Parent@Example.com')).toBe('account:parent@example.com');
  });
});
