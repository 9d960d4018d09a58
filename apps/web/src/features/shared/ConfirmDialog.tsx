import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that is hard to undo (deactivate, delete). */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  danger,
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('settings');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <Text size="sm">{body}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {t('actions.cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          loading={loading}
          onClick={onConfirm}
          data-testid="confirm-submit"
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
