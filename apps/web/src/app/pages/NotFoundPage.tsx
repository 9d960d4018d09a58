import { Button } from '@mantine/core';
import { IconArrowLeft, IconCompass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <StatusPage
      testId="page-not-found"
      code={t('errors.notFound.code')}
      icon={IconCompass}
      color="sapa"
      title={t('errors.notFound.title')}
      description={t('errors.notFound.description')}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => void navigate(-1)}
          >
            {t('actions.back')}
          </Button>
          <Button component={Link} to="/">
            {t('actions.backHome')}
          </Button>
        </>
      }
    />
  );
}
