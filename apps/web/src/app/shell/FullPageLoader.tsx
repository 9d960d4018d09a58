import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './BrandLogo';

/** Shown while the guard refreshes a token or loads the account. */
export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center mih="100vh" data-testid="page-loading">
      <Stack align="center" gap="md">
        <BrandLogo size="lg" />
        <Loader size="sm" type="dots" />
        <Text size="sm" c="dimmed">
          {label ?? t('status.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

/** Inside a layout while a page's code downloads. */
export function PageLoader() {
  return (
    <Center py={80}>
      <Loader size="sm" type="dots" />
    </Center>
  );
}
