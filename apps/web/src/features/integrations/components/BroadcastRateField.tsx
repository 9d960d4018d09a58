import { useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { BROADCAST_RATE, updateServiceBodySchema, type Service } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { useUpdateService } from '../api';

/**
 * The number's broadcast speed. Meta allows 80 messages a second by default and 1,000 once the
 * number is upgraded; setting more than Meta allows only earns throughput errors and back-off.
 */
export function BroadcastRateField({ service }: { service: Service }) {
  const { t } = useTranslation('integrations');
  const update = useUpdateService();
  const [value, setValue] = useState<number | string>(service.broadcastRate);
  const valid = updateServiceBodySchema.safeParse({ broadcastRate: value }).success;
  const changed = Number(value) !== service.broadcastRate;

  const save = () =>
    update.mutate(
      { id: service._id, body: { broadcastRate: Number(value) } },
      {
        onSuccess: () => notifySuccess(t('whatsapp.numbers.rateSaved')),
        onError: (error) => notifyError(errorText(error)),
      },
    );

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" mt={6}>
      <NumberInput
        size="xs"
        w={190}
        label={t('whatsapp.numbers.rate')}
        description={t('whatsapp.numbers.rateHint')}
        min={BROADCAST_RATE.min}
        max={BROADCAST_RATE.max}
        allowDecimal={false}
        clampBehavior="none"
        value={value}
        onChange={setValue}
        error={valid ? null : t('whatsapp.numbers.rateInvalid')}
        data-testid="wa-number-rate"
      />
      <Button
        size="xs"
        variant="light"
        disabled={!valid || !changed}
        loading={update.isPending}
        onClick={save}
        data-testid="wa-number-rate-save"
      >
        {t('whatsapp.numbers.rateSave')}
      </Button>
    </Group>
  );
}
