import { describe, expect, it } from 'vitest';
import { isIsoDateOrInstant } from './dates';
import { listSessionsQuery } from './sessions';

describe('ISO dates in queries', () => {
  it('accepts real calendar dates and offset date-times only', () => {
    for (const ok of ['2026-11-22', '2028-02-29', '2026-11-22T05:00:00Z', '2026-11-22T05:00:00.000Z', '2026-11-22T00:00-05:00']) {
      expect(isIsoDateOrInstant(ok), ok).toBe(true);
    }
    for (const bad of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-11-22x', '22/11/2026', 'tomorrow', '2026-11-22T05:00:00', '']) {
      expect(isIsoDateOrInstant(bad), bad).toBe(false);
    }
  });

  it('reads a bare date as a whole Toronto day in the sessions query', () => {
    const query = listSessionsQuery.parse({ from: '2026-11-01', to: '2026-11-01' });
    expect(query.from?.toISOString()).toBe('2026-11-01T04:00:00.000Z'); // midnight EDT
    expect(query.to?.toISOString()).toBe('2026-11-02T04:59:59.999Z'); // 23:59:59.999 EST (the day DST ended)
  });
});
