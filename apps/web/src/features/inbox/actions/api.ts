import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  chatActionResultSchema,
  chatSchema,
  CLIENT_EVENTS,
  type Chat,
  type Division,
  type User,
} from '@sapa/contracts';
import { api } from '../../../lib/http';
import { emitWithAck, isSocketConnected } from '../../../lib/socket';
import { applyChatResult } from '../chatListCache';

/** Every chat action answers `{chat}`; an ack may carry the chat alone. */
function readChat(answer: unknown): Chat {
  const wrapped = chatActionResultSchema.safeParse(answer);
  if (wrapped.success) return wrapped.data.chat;
  return chatSchema.parse(answer);
}

export type ChatToggleAction = 'block' | 'unblock' | 'archive' | 'unarchive';

const SOCKET_EVENT: Partial<
  Record<ChatToggleAction, 'block.chat' | 'archive.chat' | 'unarchive.chat'>
> = {
  block: CLIENT_EVENTS.blockChat,
  archive: CLIENT_EVENTS.archiveChat,
  unarchive: CLIENT_EVENTS.unarchiveChat,
};

/** Block and archive go over the socket when it is up (spec §7), else the same REST call. */
export async function toggleChat(action: ChatToggleAction, chatId: string): Promise<Chat> {
  const event = SOCKET_EVENT[action];
  if (event && isSocketConnected()) return readChat(await emitWithAck(event, { chatId }));
  return readChat(await api.post<unknown>(`chats/${action}`, { body: { chatId } }));
}

export async function assignChat(body: {
  chatId: string;
  agentId?: string | null;
  divisionId?: string | null;
}): Promise<Chat> {
  return readChat(await api.post<unknown>('chats/assign', { body }));
}

export async function setChatLabels(chatId: string, labelIds: string[]): Promise<Chat> {
  return readChat(await api.post<unknown>('chats/labels', { body: { chatId, labelIds } }));
}

export async function setChatFlag(chatId: string, flag: Chat['flag']): Promise<Chat> {
  return readChat(await api.post<unknown>('chats/flag', { body: { chatId, flag } }));
}

export async function resolveTicket(chatId: string, agentId: string | null): Promise<Chat> {
  return readChat(await api.post<unknown>('chats/resolve-ticket', { body: { chatId, agentId } }));
}

/**
 * A chat action whose answer lands in every cached list at once (through the same reducers as
 * the socket's events), so the list reflects it before any event arrives.
 */
export function useChatAction<V>(run: (vars: V) => Promise<Chat>, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (chat) => {
      applyChatResult(queryClient, chat, userId);
      // Tickets change with resolve and assignment.
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
}

interface ListAnswer<T> {
  data: T[];
}

export const assignKeys = {
  agents: ['assign', 'agents'] as const,
  divisions: ['assign', 'divisions'] as const,
};

/** Who a chat can go to: active agents, supervisors and admins (spec §7 perpage 1000). */
export function useAssignableAgents(enabled: boolean) {
  return useQuery({
    queryKey: assignKeys.agents,
    queryFn: () =>
      api.get<ListAnswer<User>>('users/agent', {
        params: { role: 'agent,admin,supervisor', includeMe: true, perpage: 1000 },
      }),
    select: (answer) => answer.data.filter((u) => u.status === 'active'),
    enabled,
    staleTime: 60_000,
  });
}

export function useAssignableDivisions(enabled: boolean) {
  return useQuery({
    queryKey: assignKeys.divisions,
    queryFn: () => api.get<ListAnswer<Division>>('division'),
    select: (answer) => answer.data,
    enabled,
    staleTime: 60_000,
  });
}
