import type { ChannelAdapters } from '../../channels/registry.js';
import type { ReplyWindow } from '../../channels/port.js';
import type { WindowRefusal } from '@sapa/contracts';
import { replyAllowance, windowState, type WindowState } from '../../channels/reply-window.js';
import type { ChannelType } from '../../db/schema-messaging.js';

const HOUR_MS = 60 * 60 * 1000;

/** What the window rules need of a chat: its channel and its customer's last message. */
export interface WindowChat {
  channel: ChannelType;
  initiate_at: Date | null;
  /**
   * The channel's setting (Messenger, Instagram): a person may answer with Meta's HUMAN_AGENT
   * tag until 7 days after. Absent: off, as for channels without it.
   */
  human_agent_replies?: boolean;
}

/**
 * The chat's reply window is its channel's capability (channels/reply-window.ts): WhatsApp's 24
 * hours then templates, Meta's page channels' 24 hours then a person's HUMAN_AGENT reply. A
 * number linked by QR code (whatsapp_basic) has none.
 */
export function replyWindowOf(channels: ChannelAdapters, chat: WindowChat): ReplyWindow | null {
  return channels.portOfChannel(chat.channel)?.capabilities.replyWindow ?? null;
}

/** Why a message (not a template) may not go to the chat now, or null when it may. */
export function replyRefusal(
  channels: ChannelAdapters,
  chat: WindowChat,
  now: Date,
  author: 'human' | 'automatic',
): WindowRefusal | null {
  const allowance = replyAllowance(
    replyWindowOf(channels, chat),
    {
      lastInboundAt: chat.initiate_at,
      now,
      author,
      humanAgentExtension: chat.human_agent_replies ?? false,
    },
    'message',
  );
  return allowance.allowed ? null : allowance.refusal;
}

/** Whether a message (not a template) may go to the chat now, written by a person or by Sapa. */
export function mayReply(
  channels: ChannelAdapters,
  chat: WindowChat,
  now: Date,
  author: 'human' | 'automatic',
): boolean {
  return replyRefusal(channels, chat, now, author) === null;
}

/**
 * The composer's view of the window: which phase (the standard 24 h, or Meta's 7-day HUMAN_AGENT
 * stretch), when it ends, why a person's reply is refused once closed, and when the plain
 * window ends (or ended).
 */
export function composerWindow(
  channels: ChannelAdapters,
  chat: WindowChat,
  now: Date,
): {
  state: WindowState;
  open: boolean;
  windowEndsAt: Date | null;
  refusal: WindowRefusal | null;
} {
  const window = replyWindowOf(channels, chat);
  const state = windowState(window, chat.initiate_at, now, chat.human_agent_replies ?? false);
  const windowEndsAt =
    window && chat.initiate_at
      ? new Date(chat.initiate_at.getTime() + window.hours * HOUR_MS)
      : null;
  return {
    state,
    open: state.phase !== 'closed',
    windowEndsAt,
    refusal: replyRefusal(channels, chat, now, 'human'),
  };
}
