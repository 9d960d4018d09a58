import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { InfoTip } from './figures';

/** A chart under its title, with the definition of what it counts when there is one. */
export function ChartCard({
  title,
  definition,
  extra,
  children,
  testId,
}: {
  title: string;
  definition?: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <Text fw={600} size="sm">
              {title}
            </Text>
            {definition && <InfoTip text={definition} label={title} />}
          </Group>
          {extra}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
