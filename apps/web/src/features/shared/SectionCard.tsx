import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Right of the title: a status badge or a small action. */
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** One titled block of a settings-style page; keeps spacing and hierarchy the same everywhere. */
export function SectionCard({ title, description, aside, children, testId }: SectionCardProps) {
  return (
    <Card data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Title order={3} size="h4">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {/* A status badge keeps its size; the title wraps instead. */}
          {aside && <div style={{ flexShrink: 0 }}>{aside}</div>}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
