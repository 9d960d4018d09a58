import type { ReactNode } from 'react';
import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from '../../shared/cards.module.css';

/** One settings area the hub links to. */
export interface HubLink {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
}

/** A whole-card link to one settings area. */
export function HubLinkCard({ to, icon, title, text, testId }: HubLink) {
  return (
    <Card component={Link} to={to} data-testid={testId} className={classes.hoverCard}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={42} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed" mt={2}>
            {text}
          </Text>
        </div>
        <IconChevronRight size={18} style={{ flexShrink: 0, opacity: 0.5, alignSelf: 'center' }} />
      </Group>
    </Card>
  );
}
