import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function BrandLogo({
  size = 'md',
  withName = true,
  inverted = false,
}: {
  size?: 'sm' | 'md' | 'lg';
  withName?: boolean;
  /** White mark for dark or coloured backgrounds. */
  inverted?: boolean;
}) {
  const { t } = useTranslation('common');
  const icon = { sm: 28, md: 34, lg: 44 }[size];
  return (
    <Group gap={10} wrap="nowrap" data-testid="brand">
      <ThemeIcon size={icon} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden>
        <IconMessageChatbot size={icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      {withName && (
        <Text
          fw={700}
          fz={size === 'lg' ? 26 : size === 'md' ? 20 : 17}
          c={inverted ? 'white' : undefined}
          style={{ letterSpacing: '-0.02em' }}
        >
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}
