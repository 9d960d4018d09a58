import type { ReactNode } from 'react';
import { Button, Loader, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './chatList.module.css';

/** Placeholder rows shaped like chats while the first page loads. */
export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div aria-busy="true" data-testid="chat-list-loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={classes.skeletonRow}>
          <Skeleton circle height={44} width={44} style={{ flexShrink: 0 }} />
          <div style={{ flex: 1 }}>
            <Skeleton height={12} width={`${55 + ((i * 17) % 30)}%`} radius="xl" mt={4} />
            <Skeleton height={10} width={`${40 + ((i * 23) % 40)}%`} radius="xl" mt={10} />
            <Skeleton height={8} width="30%" radius="xl" mt={10} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A failed load with its retry, in the list's own space rather than a vanishing toast. */
export function ListError({
  text,
  onRetry,
  testId,
  compact = false,
}: {
  text: string;
  onRetry: () => void;
  testId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('inbox');
  return (
    <div className={compact ? classes.footer : classes.empty} role="alert">
      {!compact && (
        <ThemeIcon size={44} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={22} stroke={1.6} />
        </ThemeIcon>
      )}
      <Text size="sm" c="red.8" fw={compact ? 400 : 600} data-testid={testId}>
        {text}
      </Text>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={onRetry}
        data-testid={`${testId}-retry`}
      >
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/** An empty list: an icon, one friendly line, a hint and maybe a way out. */
export function ListEmpty({
  icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <div className={classes.empty} data-testid={testId}>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text size="sm" fw={700} mt={6}>
        {title}
      </Text>
      <Text size="xs" c="dimmed" maw={260}>
        {hint}
      </Text>
      {action}
    </div>
  );
}

export function ListLoadingMore() {
  return (
    <div className={classes.footer}>
      <Loader size="xs" type="dots" />
    </div>
  );
}

export function ListNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={classes.footer}>
      <Text size="xs" c="dimmed" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
