import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { whatsappTypeSchema } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { translateServiceMessage } from '../messages';
import { useWhatsappType } from './whatsappType';

/** The admin's choice of WhatsApp integration (`settings/whatsapp-type`), above the cards. */
export function WhatsappTypeSwitch() {
  const { t } = useTranslation('integrations');
  const { type, change } = useWhatsappType();
  const pick = (value: string) => {
    const parsed = whatsappTypeSchema.safeParse(value);
    if (!parsed.success || parsed.data === type) return;
    change.mutate(parsed.data, {
      onSuccess: () => notifySuccess(t('whatsappType.saved')),
      onError: (error) => notifyError(translateServiceMessage(errorText(error))),
    });
  };
  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid="whatsapp-type">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={600} size="sm">
            {t('whatsappType.label')}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`whatsappType.hint.${type}`)}
          </Text>
        </div>
        <SegmentedControl
          value={type}
          onChange={pick}
          disabled={change.isPending}
          data={[
            { value: 'wabasic', label: t('whatsappType.wabasic') },
            { value: 'waba', label: t('whatsappType.waba') },
          ]}
          data-testid="whatsapp-type-switch"
        />
      </Group>
    </Paper>
  );
}
