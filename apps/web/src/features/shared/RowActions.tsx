import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RowActionsProps {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** data-testid prefix: `<prefix>-edit`, `<prefix>-delete`. */
  testId: string;
}

/** The edit and delete icons at the end of a managed list's row. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, testId }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={editLabel}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onEdit}
          aria-label={editLabel}
          data-testid={`${testId}-edit`}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={deleteLabel}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={deleteLabel}
          data-testid={`${testId}-delete`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
