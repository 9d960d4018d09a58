import type { ReactNode } from 'react';
import { Alert, Button, Card, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { errorText } from './forms';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A card saying there is nothing here yet, and what to do about it. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <Card>
      <Stack align="center" gap="xs" py="xl" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Text fw={650} mt="xs">
          {title}
        </Text>
        <Text size="sm" c="dimmed" maw={400}>
          {text}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

interface QueryStateProps {
  query: QueryLike;
  retryLabel: string;
  /** Shown instead of the children when the loaded list is empty. */
  empty?: EmptyStateProps | null;
  isEmpty?: boolean;
  children: ReactNode;
}

/** Loading, failed (with retry), empty, or the content: the four states of a loaded list. */
export function QueryState({ query, retryLabel, empty, isEmpty, children }: QueryStateProps) {
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {retryLabel}
          </Button>
        </Stack>
      </Alert>
    );
  if (isEmpty && empty) return <EmptyState {...empty} />;
  return <>{children}</>;
}
