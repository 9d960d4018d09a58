import { Switch } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { useToggleService } from '../api';

/** Enable / disable switch for one channel. */
export function ServiceToggle({ service }: { service: Service }) {
  const { t } = useTranslation('integrations');
  const toggle = useToggleService();

  const change = () => {
    toggle.mutate(service._id, {
      onSuccess: (next) =>
        notifySuccess(
          t(next.isEnable ? 'services.enabled' : 'services.disabled', { name: next.name }),
        ),
      onError: (error) => notifyError(errorText(error)),
    });
  };

  return (
    <Switch
      checked={service.isEnable}
      onChange={change}
      disabled={toggle.isPending}
      aria-label={t('services.toggle', { name: service.name })}
      data-testid="service-toggle"
      data-service-id={service._id}
    />
  );
}
