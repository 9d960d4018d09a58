import type { ChatMessage } from './model.js';

export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the phone page hears about (SSE): something in this phone's chats or devices changed. */
export type WaChange =
  { type: 'message'; chat: string; message: ChatMessage } | { type: 'devices' } | { type: 'phone' };
