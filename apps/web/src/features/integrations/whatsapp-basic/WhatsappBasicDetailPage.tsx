import { useEffect } from 'react';
import { Anchor, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/PageHeader';
import { errorText } from '../../shared/forms';
import { useChannelServices } from '../api';
import { useWabasicStatus } from './api';
import { detailPath } from './LinkedNumberRow';
import { NumberDetail } from './NumberDetail';
import { StateBadge } from './StateBadge';

const LIST = '/integration/whatsapp-basic';

function Back() {
  const { t } = useTranslation('integrations');
  return (
    <Anchor component={Link} to={LIST} size="sm" data-testid="wabasic-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('wabasic.detail.back')}
      </Group>
    </Anchor>
  );
}

function Detail({ channel }: { channel: string }) {
  const { t } = useTranslation('integrations');
  const status = useWabasicStatus(channel, { follow: true });
  const services = useChannelServices('whatsapp_basic');
  const service = services.data?.find((s) => s._id === channel);
  const title = service?.name ?? status.data?.name ?? t('wabasic.title');

  let body;
  if (status.isPending)
    body = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  else if (status.isError)
    body = (
      <Stack gap="xs" align="flex-start" data-testid="wabasic-detail-error">
        <Text size="sm" c="red.7">
          {errorText(status.error)}
        </Text>
        <Button size="xs" variant="light" onClick={() => void status.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  else body = <NumberDetail channel={channel} status={status.data} />;

  return (
    <div>
      <Stack gap={6} mb="xs">
        <Back />
      </Stack>
      <PageHeader
        title={<span data-testid="wabasic-detail-title">{title}</span>}
        subtitle={t('wabasic.detail.subtitle')}
        actions={status.data ? <StateBadge status={status.data} /> : null}
      />
      <Card p={{ base: 'md', sm: 'xl' }} data-testid="wabasic-detail">
        {body}
      </Card>
    </div>
  );
}

/**
 * /integration/whatsapp-basic/detail?channel=…: one number: its QR while linking, then who is
 * linked and its state; unlink and re-link. Without a channel it opens the account's first.
 */
export function WhatsappBasicDetailPage() {
  const { t } = useTranslation('integrations');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const channel = params.get('channel');
  const services = useChannelServices('whatsapp_basic');
  const first = channel ? undefined : services.data?.[0]?._id;
  useEffect(() => {
    if (first) void navigate(detailPath(first), { replace: true });
  }, [first, navigate]);

  if (channel) return <Detail key={channel} channel={channel} />;
  if (services.isPending || first)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  return (
    <div>
      <Back />
      <Card p="xl" mt="md" data-testid="wabasic-detail-none">
        <Stack align="center" gap="sm" ta="center">
          <Text fw={600}>{t('wabasic.list.empty')}</Text>
          <Button component={Link} to={LIST}>
            {t('wabasic.link.title')}
          </Button>
        </Stack>
      </Card>
    </div>
  );
}
