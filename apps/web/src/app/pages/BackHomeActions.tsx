import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** The way out of a dead end: back where you came from, or home. */
export function BackHomeActions() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
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
  );
}
