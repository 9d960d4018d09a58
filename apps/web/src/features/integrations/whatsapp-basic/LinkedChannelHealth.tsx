import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWabasicStatus } from './api';
import { detailPath } from './LinkedNumberRow';
import { StateBadge } from './StateBadge';

/**
 * A linked number on the channels page: its link state and the way to its page, instead of the
 * Cloud API's webhook and token facts, which a number linked by QR code does not have.
 */
export function LinkedChannelHealth({ service }: { service: Service }) {
  const { t } = useTranslation('integrations');
  const status = useWabasicStatus(service._id);
  const attention = status.data?.state === 'logged_out';
  return (
    <div data-testid="linked-channel-health">
      {attention && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('wabasic.attention.title')}
          mb="sm"
          data-testid="channel-attention"
        >
          <Text size="sm">{t('wabasic.attention.effect')}</Text>
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        {status.data ? <StateBadge status={status.data} /> : <Skeleton h={20} w={140} />}
        <Button
          component={Link}
          to={detailPath(service._id)}
          size="xs"
          variant={attention ? 'filled' : 'light'}
          color={attention ? 'red' : undefined}
          rightSection={<IconChevronRight size={14} />}
        >
          {attention ? t('wabasic.actions.relink') : t('wabasic.list.open')}
        </Button>
      </Group>
    </div>
  );
}
