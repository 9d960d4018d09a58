import { IconCompass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BackHomeActions } from './BackHomeActions';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      testId="page-not-found"
      code={t('errors.notFound.code')}
      icon={IconCompass}
      color="sapa"
      title={t('errors.notFound.title')}
      description={t('errors.notFound.description')}
      actions={<BackHomeActions />}
    />
  );
}
