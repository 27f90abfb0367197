import { describe, expect, it } from 'vitest';
import { webhookLogStatus } from './webhook-log-status';

describe('webhookLogStatus (spec 4)', () => {
  it.each([
    [199, 'Warning'],
    [200, 'Success'],
    [299, 'Success'],
    [300, 'Warning'],
    [399, 'Warning'],
    [400, 'Error'],
    [500, 'Error'],
  ] as const)('%i is %s', (status, label) => {
    expect(webhookLogStatus(status)).toBe(label);
  });
});
