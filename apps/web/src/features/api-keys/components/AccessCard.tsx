import { useState } from 'react';
import { Anchor, SimpleGrid, Switch } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { SectionCard } from '../../shared/SectionCard';
import { useSaveSettings } from '../../settings/api';

type SwitchKey = 'enable_rest_api' | 'enable_webhook';

/** The account's two API switches; each saves as soon as it is flipped. */
export function AccessCard({
  settings,
  onSaved,
}: {
  settings: Readonly<Record<string, string | null>>;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('apiKeys');
  const save = useSaveSettings();
  const [busy, setBusy] = useState<SwitchKey | null>(null);

  const flip = async (key: SwitchKey, on: boolean) => {
    setBusy(key);
    try {
      await save.mutateAsync([{ key, value: String(on) }]);
      await onSaved();
      notifySuccess(t('switches.saved'));
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const row = (key: SwitchKey, label: string, hint: string) => (
    <Switch
      size="md"
      checked={settings[key] === 'true'}
      disabled={busy !== null}
      onChange={(event) => void flip(key, event.currentTarget.checked)}
      label={label}
      description={hint}
      data-testid={`switch-${key}`}
    />
  );

  return (
    <SectionCard
      title={t('switches.title')}
      description={t('switches.description')}
      testId="api-access"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {row('enable_rest_api', t('switches.restApi'), t('switches.restApiHint'))}
        {row('enable_webhook', t('switches.webhook'), t('switches.webhookHint'))}
      </SimpleGrid>
      {/* Issue 19: where the endpoints those webhooks go to are managed. */}
      <Anchor
        component={Link}
        to="/setting/webhooks"
        size="sm"
        fw={600}
        data-testid="api-webhooks-link"
      >
        {t('switches.manageWebhooks')}
      </Anchor>
    </SectionCard>
  );
}
