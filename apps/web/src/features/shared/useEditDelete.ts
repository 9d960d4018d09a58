import { useState } from 'react';

/**
 * The state a managed list keeps: whether the create/edit dialog is open, which item it edits
 * (null: a new one) and which item waits for delete confirmation.
 */
export function useEditDelete<T>() {
  const [modalOpen, setModalOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    modalOpen,
    editing,
    deleting,
    open: (item: T | null) => {
      setEditing(item);
      setModalOpen(true);
    },
    close: () => setModalOpen(false),
    askDelete: (item: T) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
  };
}
