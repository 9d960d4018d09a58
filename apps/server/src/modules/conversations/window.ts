import type { ChannelAdapters } from '../../channels/registry.js';
import type { ReplyWindow } from '../../channels/port.js';
import { replyAllowance, windowState, type WindowState } from '../../channels/reply-window.js';
import type { ChannelType } from '../../db/schema-messaging.js';

const HOUR_MS = 60 * 60 * 1000;

/** What the window rules need of a chat: its channel and its customer's last message. */
export interface WindowChat {
  channel: ChannelType;
  initiate_at: Date | null;
}

/**
 * The chat's reply window is its channel's capability (channels/reply-window.ts): WhatsApp's 24
 * hours then templates, Meta's page channels' 24 hours then a person's HUMAN_AGENT reply. A
 * channel type with no port (the QR-linked WhatsApp) has none.
 */
export function replyWindowOf(channels: ChannelAdapters, chat: WindowChat): ReplyWindow | null {
  return channels.portOfChannel(chat.channel)?.capabilities.replyWindow ?? null;
}

/** Whether a message (not a template) may go to the chat now, written by a person or by Sapa. */
export function mayReply(
  channels: ChannelAdapters,
  chat: WindowChat,
  now: Date,
  author: 'human' | 'automatic',
): boolean {
  return replyAllowance(
    replyWindowOf(channels, chat),
    { lastInboundAt: chat.initiate_at, now, author, humanAgentExtension: false },
    'message',
  ).allowed;
}

/** The composer's view of the window: which phase, and when the plain window ends (or ended). */
export function composerWindow(
  channels: ChannelAdapters,
  chat: WindowChat,
  now: Date,
): { state: WindowState; open: boolean; windowEndsAt: Date | null } {
  const window = replyWindowOf(channels, chat);
  const state = windowState(window, chat.initiate_at, now, false);
  const windowEndsAt =
    window && chat.initiate_at
      ? new Date(chat.initiate_at.getTime() + window.hours * HOUR_MS)
      : null;
  return { state, open: state.phase !== 'closed', windowEndsAt };
}
