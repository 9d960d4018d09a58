import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

interface FormModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** The form; key it by the edited entity so reopening starts from fresh values. */
  children: ReactNode;
  size?: string;
}

/** The shell every create/edit dialog shares: a bold title, rounded, centred. */
export function FormModal({ opened, title, onClose, children, size }: FormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {title}
        </Text>
      }
      radius="lg"
      centered
      {...(size ? { size } : {})}
    >
      {children}
    </Modal>
  );
}

interface FormActionsProps {
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  submitTestId?: string;
  /** e.g. while an attachment uploads. */
  submitDisabled?: boolean;
}

/** Cancel and submit, right-aligned; cancel is disabled while the save runs. */
export function FormActions({
  cancelLabel,
  submitLabel,
  pending,
  onCancel,
  submitTestId,
  submitDisabled = false,
}: FormActionsProps) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending} disabled={submitDisabled} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
