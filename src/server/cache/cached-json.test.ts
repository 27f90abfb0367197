import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './cached-json';

describe('preferredEncoding (which compressed copy of a cached answer a client gets)', () => {
  it('prefers brotli, then gzip, as browsers announce them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
  });

  it('sends the text as it is without the header, for identity only, or when both are refused with q=0', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
  });
});
