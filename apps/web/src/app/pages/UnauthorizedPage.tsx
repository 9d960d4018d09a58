import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BackHomeActions } from './BackHomeActions';
import { StatusPage } from './StatusPage';

export function UnauthorizedPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      testId="page-unauthorized"
      code={t('errors.unauthorized.code')}
      icon={IconLock}
      color="orange"
      title={t('errors.unauthorized.title')}
      description={t('errors.unauthorized.description')}
      actions={<BackHomeActions />}
    />
  );
}
