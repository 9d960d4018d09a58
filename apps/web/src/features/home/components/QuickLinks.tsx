import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from '../../shared/cards.module.css';

export interface QuickLink {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
}

export function QuickLinks({ title, links }: { title: string; links: QuickLink[] }) {
  if (links.length === 0) return null;
  return (
    <div>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {links.map((link) => (
          <Card
            key={link.to}
            component={Link}
            to={link.to}
            padding="md"
            className={classes.hoverCard}
            data-testid={link.testId}
          >
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={38} radius="md" variant="light">
                {link.icon}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {link.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {link.text}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
