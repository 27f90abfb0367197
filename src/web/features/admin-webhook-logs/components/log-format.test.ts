import { describe, expect, it } from 'vitest';
import { cleanedMessage, configurationLabel, durationLabel, receivedLabel, statusOf, truncatedBodyNote } from './log-format';

describe('webhook log formatting', () => {
  it('shows the received time in Toronto to the second', () => {
    expect(receivedLabel('2026-11-22T20:04:05.000Z')).toBe('Nov 22, 2026, 3:04:05 PM');
    expect(receivedLabel('2026-07-01T04:00:00.000Z')).toBe('Jul 1, 2026, 12:00:00 AM');
  });

  it('says how much of an unverified body was kept', () => {
    expect(truncatedBodyNote(1_048_000)).toBe('Cut: the signature was not verified, so only the first 4 KB of 1,048,000 bytes were kept.');
  });

  it('names the configuration, or its endpoint once it was deleted', () => {
    expect(configurationLabel({ webhookConfigId: 'x', webhookName: 'CRM plans', endpoint: 'crm-plans' })).toEqual({ text: 'CRM plans', deleted: false });
    expect(configurationLabel({ webhookConfigId: null, webhookName: null, endpoint: 'crm-plans' })).toEqual({ text: 'crm-plans', deleted: true });
  });

  it('maps the status codes to Success, Warning and Error (spec 4)', () => {
    expect(statusOf(201)).toEqual({ label: 'Success', variant: 'success' });
    expect(statusOf(304)).toEqual({ label: 'Warning', variant: 'warning' });
    expect(statusOf(401)).toEqual({ label: 'Error', variant: 'danger' });
    expect(statusOf(500).label).toBe('Error');
  });

  it('says what Clean old removed', () => {
    expect(cleanedMessage(1, 30)).toBe('Removed 1 log older than 30 days.');
    expect(cleanedMessage(0, 30)).toBe('Removed 0 logs older than 30 days.');
    expect(durationLabel(1234)).toBe('1,234 ms');
  });
});
