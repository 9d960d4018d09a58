import { describe, expect, it } from 'vitest';
import { INSTAGRAM_CAPABILITIES } from './instagram/port.js';
import { MESSENGER_CAPABILITIES } from './messenger/port.js';
import type { WindowFacts } from './port.js';
import { replyAllowance, windowState } from './reply-window.js';
import { WHATSAPP_CLOUD_CAPABILITIES } from './whatsapp-cloud/port.js';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const H = 60 * 60 * 1000;
const D = 24 * H;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const facts = (over: Partial<WindowFacts>): WindowFacts => ({
  lastInboundAt: ago(H),
  now: NOW,
  author: 'human',
  humanAgentExtension: true,
  ...over,
});

const whatsapp = WHATSAPP_CLOUD_CAPABILITIES.replyWindow;
const meta = [
  ['Messenger', MESSENGER_CAPABILITIES.replyWindow],
  ['Instagram', INSTAGRAM_CAPABILITIES.replyWindow],
] as const;

describe('WhatsApp Cloud: 24 hours, then templates only', () => {
  it.each([
    ['an hour after the customer wrote', H, 'human', { allowed: true, basis: 'window' }],
    ['a moment before 24 h', D - 1, 'automatic', { allowed: true, basis: 'window' }],
    ['at 24 h exactly', D, 'human', { allowed: false, refusal: 'templates_only' }],
    ['after 2 days, even a person', 2 * D, 'human', { allowed: false, refusal: 'templates_only' }],
  ] as const)('a message %s', (_what, age, author, expected) => {
    expect(replyAllowance(whatsapp, facts({ lastInboundAt: ago(age), author }), 'message')).toEqual(
      expected,
    );
  });

  it('a template goes out whenever, also to someone who never wrote', () => {
    for (const lastInboundAt of [null, ago(H), ago(30 * D)])
      expect(replyAllowance(whatsapp, facts({ lastInboundAt }), 'template')).toEqual({
        allowed: true,
        basis: 'template',
      });
  });

  it('a message to someone who never wrote needs a template', () => {
    expect(replyAllowance(whatsapp, facts({ lastInboundAt: null }), 'message')).toEqual({
      allowed: false,
      refusal: 'templates_only',
    });
  });
});

describe.each(meta)('%s: 24 hours, then a person with HUMAN_AGENT for 7 days', (_name, window) => {
  it.each([
    ['inside 24 h, a person', H, 'human', true, { allowed: true, basis: 'window' }],
    ['inside 24 h, automatic', D - 1, 'automatic', true, { allowed: true, basis: 'window' }],
    ['at 24 h, a person', D, 'human', true, { allowed: true, basis: 'human_agent_tag' }],
    ['on day 6, a person', 6 * D, 'human', true, { allowed: true, basis: 'human_agent_tag' }],
    [
      'a moment before 7 days',
      7 * D - 1,
      'human',
      true,
      { allowed: true, basis: 'human_agent_tag' },
    ],
    [
      'at 7 days, a person',
      7 * D,
      'human',
      true,
      { allowed: false, refusal: 'human_agent_expired' },
    ],
    ['after 8 days', 8 * D, 'human', true, { allowed: false, refusal: 'human_agent_expired' }],
    [
      'after 24 h, automatic',
      D + H,
      'automatic',
      true,
      { allowed: false, refusal: 'automatic_after_window' },
    ],
    [
      'on day 3, automatic',
      3 * D,
      'automatic',
      true,
      { allowed: false, refusal: 'automatic_after_window' },
    ],
    ['after 24 h, tag off', D + H, 'human', false, { allowed: false, refusal: 'human_agent_off' }],
    ['inside 24 h, tag off', H, 'human', false, { allowed: true, basis: 'window' }],
  ] as const)('%s', (_what, age, author, humanAgentExtension, expected) => {
    expect(
      replyAllowance(
        window,
        facts({ lastInboundAt: ago(age), author, humanAgentExtension }),
        'message',
      ),
    ).toEqual(expected);
  });

  it('nothing goes to someone who never wrote', () => {
    expect(replyAllowance(window, facts({ lastInboundAt: null }), 'message')).toEqual({
      allowed: false,
      refusal: 'no_customer_message',
    });
  });

  it('the composer sees which window applies and until when', () => {
    expect(windowState(window, ago(H), NOW, true)).toEqual({
      phase: 'open',
      endsAt: new Date(ago(H).getTime() + D),
    });
    expect(windowState(window, ago(2 * D), NOW, true)).toEqual({
      phase: 'human_agent',
      endsAt: new Date(ago(2 * D).getTime() + 7 * D),
    });
    expect(windowState(window, ago(2 * D), NOW, false)).toEqual({
      phase: 'closed',
      outsideWindow: 'human_agent_replies',
    });
    expect(windowState(window, ago(7 * D), NOW, true)).toEqual({
      phase: 'closed',
      outsideWindow: 'human_agent_replies',
    });
    expect(windowState(window, null, NOW, true)).toEqual({
      phase: 'closed',
      outsideWindow: 'human_agent_replies',
    });
  });
});

describe('a channel with no window (the QR-linked WhatsApp)', () => {
  it('lets everything out', () => {
    expect(
      replyAllowance(null, facts({ lastInboundAt: null, author: 'automatic' }), 'message'),
    ).toEqual({ allowed: true, basis: 'no_window' });
    expect(windowState(null, null, NOW, false)).toEqual({ phase: 'none' });
  });
});

describe('WhatsApp window state', () => {
  it('after 24 h is closed with templates as the way out (no human-agent phase)', () => {
    expect(windowState(whatsapp, ago(2 * D), NOW, true)).toEqual({
      phase: 'closed',
      outsideWindow: 'templates',
    });
  });
});
