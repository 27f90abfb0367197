import { describe, expect, it } from 'vitest';
import { mailBacklogText, waitedFor } from './mail-backlog-format';

describe('the mail backlog warning text', () => {
  it('counts the emails and says how long the oldest has waited', () => {
    expect(mailBacklogText({ backlog: 12, oldestUnsentAgeSeconds: 25 * 60 + 59 })).toBe(
      '12 emails waiting to be sent, the oldest for 25 minutes: check the mail server (SMTP_URL).',
    );
    expect(mailBacklogText({ backlog: 1, oldestUnsentAgeSeconds: 16 * 60 })).toBe('1 email waiting to be sent, for 16 minutes: check the mail server (SMTP_URL).');
  });

  it('minutes up to two hours, then hours up to two days, then days', () => {
    expect(waitedFor(60)).toBe('1 minute');
    expect(waitedFor(119 * 60 + 59)).toBe('119 minutes');
    expect(waitedFor(120 * 60)).toBe('2 hours');
    expect(waitedFor(47 * 3600 + 3599)).toBe('47 hours');
    expect(waitedFor(48 * 3600)).toBe('2 days');
  });
});
