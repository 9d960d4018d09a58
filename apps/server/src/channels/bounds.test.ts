import { LIMITS } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { boundNeutralEvent, NAME_MAX, PROVIDER_ID_MAX } from './bounds.js';
import type { MessageEvent, NeutralEvent } from './port.js';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const message = (over: Partial<MessageEvent> = {}): MessageEvent => ({
  kind: 'message',
  channelExternalId: '104000000000001',
  timestamp: new Date('2026-05-10T11:59:00.000Z'),
  direction: 'incoming',
  origin: 'customer',
  appId: null,
  customer: { identifier: '77', name: 'Siti', phone: null },
  providerMessageId: 'm_1',
  msgType: 'text',
  text: 'Halo',
  payload: {},
  attachmentName: null,
  media: null,
  replyToProviderId: null,
  ...over,
});

describe('bounding neutral events (issue 15’s rules, for every channel)', () => {
  it('keeps an ordinary event as it is', () => {
    expect(boundNeutralEvent(message(), NOW)).toEqual(message());
  });

  it('brings a time ahead of our clock back to now; a few minutes’ skew is kept', () => {
    const far = boundNeutralEvent(message({ timestamp: new Date('5000-01-01T00:00:00Z') }), NOW);
    expect(far?.timestamp).toEqual(NOW);
    const near = new Date(NOW.getTime() + 60_000);
    expect(boundNeutralEvent(message({ timestamp: near }), NOW)?.timestamp).toEqual(near);
    const receipt: NeutralEvent = {
      kind: 'receipt',
      channelExternalId: 'p',
      timestamp: NOW,
      customer: { identifier: '77', name: '', phone: null },
      receipt: 'read',
      watermark: new Date('4000-01-01T00:00:00Z'),
      providerMessageIds: [],
    };
    expect(boundNeutralEvent(receipt, NOW)).toMatchObject({ watermark: NOW });
  });

  it('cuts long text, names and file names; a second pass changes nothing', () => {
    const long = message({
      text: 'x'.repeat(LIMITS.inboundTextMax + 10),
      customer: { identifier: '77', name: 'n'.repeat(NAME_MAX + 5), phone: null },
      attachmentName: 'f'.repeat(5000),
    });
    const once = boundNeutralEvent(long, NOW) as MessageEvent;
    expect(once.text).toHaveLength(LIMITS.inboundTextMax + 1);
    expect(once.text.endsWith('…')).toBe(true);
    expect(once.payload).toEqual({ truncated: { length: LIMITS.inboundTextMax + 10 } });
    expect(once.customer.name).toHaveLength(NAME_MAX);
    expect(once.attachmentName).toHaveLength(1024);
    expect(boundNeutralEvent(once, NOW)).toEqual(once);
  });

  it('drops an event whose id no provider would send (it would fail the batch’s unique index)', () => {
    const huge = 'm'.repeat(PROVIDER_ID_MAX + 1);
    expect(boundNeutralEvent(message({ providerMessageId: huge }), NOW)).toBeNull();
    expect(boundNeutralEvent(message({ replyToProviderId: huge }), NOW)).toBeNull();
    expect(
      boundNeutralEvent(
        {
          kind: 'unsent',
          channelExternalId: 'p',
          timestamp: NOW,
          customer: { identifier: '77', name: '', phone: null },
          providerMessageId: huge,
        },
        NOW,
      ),
    ).toBeNull();
  });
});
