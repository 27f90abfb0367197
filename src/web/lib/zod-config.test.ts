import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('puts Zod in jitless mode without importing it (Zod adopts the shared global config)', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
