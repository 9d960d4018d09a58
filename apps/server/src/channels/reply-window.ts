import type { WindowRefusal } from '@sapa/contracts';
import type { ReplyWindow, SendBasis, WindowFacts } from './port.js';
import { WindowClosedError } from './errors.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type ReplyAllowance =
  { allowed: true; basis: SendBasis } | { allowed: false; refusal: WindowRefusal };

/**
 * Whether a platform's reply window lets this message out now, and on what grounds (spec §4,
 * instagram-messenger.md §1.3): inside the window anything goes; after it WhatsApp takes only
 * templates, while Messenger and Instagram take a person's reply with the HUMAN_AGENT tag until
 * `humanAgentExtensionDays` after the customer's last message (when the channel uses it), and
 * never an automatic one. The window is open while `lastInboundAt + hours` is still ahead.
 */
export function replyAllowance(
  window: ReplyWindow | null,
  facts: WindowFacts,
  kind: 'message' | 'template',
): ReplyAllowance {
  if (!window) return { allowed: true, basis: 'no_window' };
  if (kind === 'template' && window.outsideWindow === 'templates')
    return { allowed: true, basis: 'template' };
  const refuse = (refusal: WindowRefusal): ReplyAllowance => ({ allowed: false, refusal });
  const last = facts.lastInboundAt;
  if (!last)
    return refuse(window.outsideWindow === 'templates' ? 'templates_only' : 'no_customer_message');
  const now = facts.now.getTime();
  if (last.getTime() + window.hours * HOUR_MS > now) return { allowed: true, basis: 'window' };
  if (window.outsideWindow === 'templates') return refuse('templates_only');
  if (facts.author === 'automatic') return refuse('automatic_after_window');
  if (!facts.humanAgentExtension || window.humanAgentExtensionDays === null)
    return refuse('human_agent_off');
  if (last.getTime() + window.humanAgentExtensionDays * DAY_MS > now)
    return { allowed: true, basis: 'human_agent_tag' };
  return refuse('human_agent_expired');
}

/** replyAllowance, throwing the refusal as a `window_closed` ProviderError. */
export function requireReplyAllowed(
  window: ReplyWindow | null,
  facts: WindowFacts,
  kind: 'message' | 'template',
): SendBasis {
  const allowance = replyAllowance(window, facts, kind);
  if (!allowance.allowed) throw new WindowClosedError(allowance.refusal);
  return allowance.basis;
}

/** Which window applies to a person's reply now and until when: what the composer shows. */
export type WindowState =
  | { phase: 'none' }
  | { phase: 'open'; endsAt: Date }
  | { phase: 'human_agent'; endsAt: Date }
  | { phase: 'closed'; outsideWindow: ReplyWindow['outsideWindow'] };

export function windowState(
  window: ReplyWindow | null,
  lastInboundAt: Date | null,
  now: Date,
  humanAgentExtension: boolean,
): WindowState {
  if (!window) return { phase: 'none' };
  const closed: WindowState = { phase: 'closed', outsideWindow: window.outsideWindow };
  if (!lastInboundAt) return closed;
  const last = lastInboundAt.getTime();
  const windowEnd = last + window.hours * HOUR_MS;
  if (windowEnd > now.getTime()) return { phase: 'open', endsAt: new Date(windowEnd) };
  if (
    window.outsideWindow === 'human_agent_replies' &&
    humanAgentExtension &&
    window.humanAgentExtensionDays !== null
  ) {
    const extensionEnd = last + window.humanAgentExtensionDays * DAY_MS;
    if (extensionEnd > now.getTime())
      return { phase: 'human_agent', endsAt: new Date(extensionEnd) };
  }
  return closed;
}
