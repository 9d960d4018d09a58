import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmRequest {
  title: string;
  /** The spec's confirmation sentence (§5), already translated. */
  message: string;
  confirmLabel: string;
  color?: string;
}

/** A yes/no question before an action that changes who sees a chat. */
export function ConfirmDialog({
  request,
  loading,
  onConfirm,
  onCancel,
}: {
  request: ConfirmRequest | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chatActions');
  return (
    <Modal
      opened={request !== null}
      onClose={onCancel}
      title={<Text fw={650}>{request?.title}</Text>}
      centered
      size="sm"
      radius="md"
      data-testid="confirm-dialog"
    >
      <Text size="sm" data-testid="confirm-message">
        {request?.message}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('confirm.cancel')}
        </Button>
        <Button
          color={request?.color ?? 'sapa'}
          loading={loading}
          onClick={onConfirm}
          data-testid="confirm-ok"
        >
          {request?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
