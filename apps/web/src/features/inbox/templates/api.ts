import { useQuery } from '@tanstack/react-query';
import {
  chatTemplateListSchema,
  messageSchema,
  type Message,
  type SendTemplateBody,
  type Template,
} from '@sapa/contracts';
import { api } from '../../../lib/http';

export const inboxTemplateKeys = {
  chat: (chatId: string) => ['inbox', 'chat-templates', chatId] as const,
};

/** The accepted templates of the chat's channel, asked when the dialog opens. */
export function useChatTemplates(chatId: string, enabled: boolean) {
  return useQuery({
    queryKey: inboxTemplateKeys.chat(chatId),
    queryFn: async ({ signal }): Promise<Template[]> =>
      chatTemplateListSchema.parse(await api.get<unknown>(`chats/${chatId}/templates`, { signal }))
        .data,
    enabled,
    // Approvals arrive from Meta at any time; a minute-old list is fine, an hour-old one is not.
    staleTime: 60_000,
  });
}

/**
 * REST rather than the socket: the dialog waits for the answer anyway (it shows the server's
 * refusal next to the values), and the server announces `message.out` to every screen either way.
 */
export async function sendTemplateMessage(body: SendTemplateBody): Promise<Message> {
  return messageSchema.parse(await api.post<unknown>('messages/template', { body }));
}
