import { Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChannelIcon } from '../../inbox/components/ChannelIcon';
import { useWabasicStatus } from './api';
import { StateBadge } from './StateBadge';

export function detailPath(channel: string): string {
  return `/integration/whatsapp-basic/detail?channel=${encodeURIComponent(channel)}`;
}

/** "+62 812…" from the digits WhatsApp gives, as people read a number. */
export function phoneLabel(digits: string | null | undefined): string | null {
  if (!digits) return null;
  return digits.startsWith('+') ? digits : `+${digits}`;
}

/** One linked number in the list: name, number, state since when, and the way in. */
export function LinkedNumberRow({ service }: { service: Service }) {
  const { t } = useTranslation('integrations');
  const status = useWabasicStatus(service._id);
  const attention = status.data?.state === 'logged_out';
  const phone = phoneLabel(service.displayPhoneNumber);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="wabasic-number"
      data-channel={service._id}
      style={attention ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <ChannelIcon channel="whatsapp_basic" label={t('channels.whatsapp_basic')} size={28} />
          <div style={{ minWidth: 0 }}>
            <Text fw={650} size="sm" data-testid="wabasic-number-name">
              {service.name}
            </Text>
            <Text size="sm" ff="monospace" c={phone ? undefined : 'dimmed'}>
              {phone ?? t('wabasic.list.noNumberYet')}
            </Text>
            <div style={{ marginTop: 6 }}>
              {status.data ? <StateBadge status={status.data} /> : <Skeleton h={20} w={140} />}
            </div>
            {attention && (
              <Text size="sm" c="red.8" mt={6} data-testid="wabasic-number-attention">
                {t('wabasic.attention.short')}
              </Text>
            )}
          </div>
        </Group>
        <Button
          component={Link}
          to={detailPath(service._id)}
          variant={attention ? 'filled' : 'light'}
          color={attention ? 'red' : undefined}
          rightSection={<IconChevronRight size={16} />}
          data-testid="wabasic-number-open"
        >
          {attention ? t('wabasic.actions.relink') : t('wabasic.list.open')}
        </Button>
      </Group>
    </Paper>
  );
}
