import { createContext, useContext } from 'react';
import type { Message } from '@sapa/contracts';

/** What a bubble deep in the list needs from the conversation around it. */
export interface ConversationUi {
  /** The customer's name, for quotes of their messages. */
  customerName: string;
  /** A quote was clicked: scroll to the original (or jump to it when not loaded). */
  onQuoteClick: (messageId: string) => void;
  /** "Reply" was chosen on a bubble; absent when replying is not possible (window closed). */
  onReply: ((message: Message) => void) | null;
}

export const ConversationUiContext = createContext<ConversationUi>({
  customerName: '',
  onQuoteClick: () => undefined,
  onReply: null,
});

export function useConversationUi(): ConversationUi {
  return useContext(ConversationUiContext);
}
