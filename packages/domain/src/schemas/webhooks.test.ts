import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, webhookEndpointCreateSchema } from './webhooks';

describe('webhookEndpointCreateSchema', () => {
  it('takes an http(s) address and at least one known event, each once', () => {
    expect(
      webhookEndpointCreateSchema.parse({
        url: ' https://crm.example.com/hooks ',
        events: ['booking.created', 'booking.created', 'lead.updated'],
      }),
    ).toEqual({ url: 'https://crm.example.com/hooks', events: ['booking.created', 'lead.updated'] });
  });
  it('refuses other schemes, credentials in the address and non-addresses', () => {
    for (const url of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://u:p@example.com',
      'example.com',
    ]) {
      const result = webhookEndpointCreateSchema.safeParse({ url, events: ['booking.created'] });
      expect(result.error?.issues[0]?.message, url).toBe(WEBHOOK_MESSAGES.urlInvalid);
    }
  });
  it('refuses no events and unknown events', () => {
    expect(
      webhookEndpointCreateSchema.safeParse({ url: 'https://a.example', events: [] }).error?.issues[0]
        ?.message,
    ).toBe(WEBHOOK_MESSAGES.eventsRequired);
    expect(
      webhookEndpointCreateSchema.safeParse({ url: 'https://a.example', events: ['booking.deleted'] })
        .success,
    ).toBe(false);
  });
});
