import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * Why the server refused a channel form (Meta's 422, the plan's limit or a duplicate 409, Meta
 * out of reach 502): it stays above the fields it is about, where a toast would vanish.
 */
export function RefusalAlert({ text, testId }: { text: string | null; testId: string }) {
  if (!text) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid={testId}>
      {text}
    </Alert>
  );
}
