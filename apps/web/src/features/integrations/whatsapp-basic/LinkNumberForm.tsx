import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { errorText, httpStatus } from '../../shared/forms';
import { RefusalAlert } from '../components/RefusalAlert';
import { translateServiceMessage } from '../messages';
import { useLinkNumber } from './api';
import { detailPath } from './LinkedNumberRow';

/**
 * Starts linking a new number: a name for the team, then the detail page shows the QR. The
 * plan's channel limit is the server's to enforce (409); its sentence stays on screen.
 */
export function LinkNumberForm() {
  const { t } = useTranslation('integrations');
  const navigate = useNavigate();
  const link = useLinkNumber();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const trimmed = name.trim();
    if (!trimmed) return setError(t('wabasic.link.nameRequired'));
    setError(null);
    try {
      const status = await link.mutateAsync({ name: trimmed });
      if (status.channel) void navigate(detailPath(status.channel));
    } catch (failure) {
      const text = translateServiceMessage(errorText(failure));
      if ([409, 422].includes(httpStatus(failure) ?? 0)) setRefusal(text);
      notifyError(text);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="wabasic-link-form">
      <Stack gap="sm">
        <RefusalAlert text={refusal} testId="wabasic-link-refusal" />
        <TextInput
          label={t('wabasic.link.name')}
          description={t('wabasic.link.nameHint')}
          placeholder={t('wabasic.link.namePlaceholder')}
          withAsterisk
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-testid="wabasic-link-name"
        />
        <Button
          type="submit"
          loading={link.isPending}
          leftSection={<IconQrcode size={18} />}
          data-testid="wabasic-link-submit"
        >
          {t('wabasic.link.submit')}
        </Button>
      </Stack>
    </form>
  );
}
