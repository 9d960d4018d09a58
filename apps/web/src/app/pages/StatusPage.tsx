import type { ReactNode } from 'react';
import { Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { BrandLogo } from '../shell/BrandLogo';

/** Full-page explanation with a way out: not found, no access, server trouble. */
export function StatusPage({
  code,
  icon: IconComponent,
  color,
  title,
  description,
  actions,
  testId,
}: {
  code: string;
  icon: Icon;
  color: string;
  title: string;
  description: string;
  actions: ReactNode;
  testId: string;
}) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)" data-testid={testId}>
      <Stack align="center" gap="lg" maw={480} ta="center">
        <BrandLogo size="sm" />
        <ThemeIcon size={72} radius="xl" variant="light" color={color} mt="lg">
          <IconComponent size={38} stroke={1.5} />
        </ThemeIcon>
        <Text c="dimmed" fw={700} fz="sm" style={{ letterSpacing: '0.2em' }}>
          {code}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        <Group justify="center" mt="sm">
          {actions}
        </Group>
      </Stack>
    </Center>
  );
}
