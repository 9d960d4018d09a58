import type { Message } from '@sapa/contracts';

/**
 * The server stores a reaction as an information message whose payload names the reacted
 * message by its provider id (`payload.reaction = {emoji, targetProviderId}`, empty emoji =
 * removed): the customer's incoming, the business's (put in Meta's own apps) outgoing. Shown like WhatsApp: the emoji sits on the reacted bubble when that bubble is
 * loaded, and the information line is then hidden; otherwise the line stays as a note.
 */
export interface ReactionInfo {
  emoji: string;
  targetProviderId: string | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function reactionOf(message: Pick<Message, 'payload'>): ReactionInfo | null {
  const reaction = record(message.payload.reaction);
  if (!reaction) return null;
  return {
    emoji: typeof reaction.emoji === 'string' ? reaction.emoji : '',
    targetProviderId:
      typeof reaction.targetProviderId === 'string' && reaction.targetProviderId
        ? reaction.targetProviderId
        : null,
  };
}

export interface Reactions {
  /**
   * Message _id → the emojis on it: the customer's, then the business's (one each, the latest
   * wins, as on the phone). The business's come from a person reacting in Meta's own apps.
   */
  byMessage: Map<string, string>;
  /** Reaction lines folded into a bubble, not drawn on their own. */
  hidden: Set<string>;
}

/** `messages` in chronological order, so a later reaction replaces or removes an earlier one. */
export function collectReactions(messages: readonly Message[]): Reactions {
  const idByProvider = new Map<string, string>();
  for (const m of messages) {
    if (m.providerMessageId) idByProvider.set(m.providerMessageId, m._id);
  }
  const sides = new Map<string, { customer?: string; business?: string }>();
  const hidden = new Set<string>();
  for (const m of messages) {
    const reaction = reactionOf(m);
    if (!reaction?.targetProviderId) continue;
    const target = idByProvider.get(reaction.targetProviderId);
    if (!target) continue;
    hidden.add(m._id);
    const side = m.fromMe ? 'business' : 'customer';
    sides.set(target, { ...sides.get(target), [side]: reaction.emoji || undefined });
  }
  const byMessage = new Map<string, string>();
  for (const [target, { customer, business }] of sides) {
    const emojis = `${customer ?? ''}${business ?? ''}`;
    if (emojis) byMessage.set(target, emojis);
  }
  return { byMessage, hidden };
}
