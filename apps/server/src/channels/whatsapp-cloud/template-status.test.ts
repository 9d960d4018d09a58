import { describe, expect, it } from 'vitest';
import { parseTemplateStatusWebhook } from './template-status.js';

const change = (value: unknown, field = 'message_template_status_update') => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '102290129340398', time: 1700000000, changes: [{ field, value }] }],
});

describe('message_template_status_update', () => {
  it('reads Meta example payload with a numeric template id', () => {
    expect(
      parseTemplateStatusWebhook(
        change({
          event: 'REJECTED',
          message_template_id: 1689556908129835,
          message_template_name: 'abandoned_cart',
          message_template_language: 'en',
          reason: 'INVALID_FORMAT',
        }),
      ),
    ).toEqual([
      {
        wabaId: '102290129340398',
        providerTemplateId: '1689556908129835',
        name: 'abandoned_cart',
        language: 'en',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
      },
    ]);
  });

  it('ignores other fields and malformed items', () => {
    expect(parseTemplateStatusWebhook(change({ event: 'APPROVED' }))).toEqual([]);
    expect(parseTemplateStatusWebhook(change({ messages: [] }, 'messages'))).toEqual([]);
    expect(parseTemplateStatusWebhook({ entry: 'x' })).toEqual([]);
    expect(parseTemplateStatusWebhook(null)).toEqual([]);
  });

  it('keeps a missing reason as null', () => {
    const [e] = parseTemplateStatusWebhook(
      change({ event: 'approved', message_template_id: '42', message_template_name: 'x' }),
    );
    expect(e).toMatchObject({ event: 'APPROVED', reason: null, providerTemplateId: '42' });
  });
});
