import { Badge, Group, Switch, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRESENCE_UPDATED_EVENT,
  presenceListSchema,
  presenceSchema,
  type Presence,
  type PresenceStatus,
} from '@sapa/contracts';
import { api } from '../../lib/http';
import { notifyError } from '../../lib/notify';
import { onServerEvent } from '../../lib/socket';
import { useSession } from '../session';

const presenceKey = ['presence', 'me'] as const;

/**
 * The header's online/away switch. Online means "send me chats": routing assigns only to agents
 * who are connected and not away. The server announces every change (`presence.updated`), so a
 * second tab follows the first.
 */
export function PresenceSwitch() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const userId = user?._id;
  const queryClient = useQueryClient();

  const { data: me } = useQuery({
    queryKey: presenceKey,
    enabled: Boolean(userId),
    queryFn: async ({ signal }) => {
      const list = presenceListSchema.parse(await api.get<unknown>('presence', { signal }));
      return list.data.find((p) => p.userId === userId) ?? null;
    },
  });

  useEffect(
    () =>
      onServerEvent(PRESENCE_UPDATED_EVENT, (payload: unknown) => {
        const parsed = presenceSchema.safeParse(payload);
        if (parsed.success && parsed.data.userId === userId)
          queryClient.setQueryData<Presence | null>(presenceKey, parsed.data);
      }),
    [queryClient, userId],
  );

  const change = useMutation({
    mutationFn: async (status: PresenceStatus) =>
      presenceSchema.parse(await api.post<unknown>('presence', { body: { status } })),
    onSuccess: (next) => queryClient.setQueryData<Presence | null>(presenceKey, next),
    onError: () => notifyError(t('presence.failed')),
  });

  if (!me) return null;
  const online = me.status === 'online';
  return (
    <Tooltip label={online ? t('presence.onlineHint') : t('presence.awayHint')} multiline w={240}>
      <Group gap={6} wrap="nowrap">
        <Switch
          data-testid="presence-switch"
          checked={online}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.currentTarget.checked ? 'online' : 'away')}
          color="teal"
          size="sm"
          aria-label={t('presence.label')}
        />
        <Badge
          variant="dot"
          color={online ? 'teal' : 'gray'}
          size="md"
          visibleFrom="xs"
          data-testid="presence-status"
        >
          {online ? t('presence.online') : t('presence.away')}
        </Badge>
      </Group>
    </Tooltip>
  );
}
