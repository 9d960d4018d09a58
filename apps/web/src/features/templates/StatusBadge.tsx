import { Badge, Loader, Text, Tooltip } from '@mantine/core';
import type { TemplateStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TemplateStatus, string> = {
  draft: 'gray',
  published: 'blue',
  accepted: 'green',
  rejected: 'red',
};

/** The template's condition (spec §3 states), with what it means on hover. */
export function StatusBadge({ status }: { status: TemplateStatus }) {
  const { t } = useTranslation('templates');
  return (
    <Tooltip label={t(`statusHint.${status}`)} withArrow>
      <Badge
        color={COLORS[status]}
        variant="light"
        radius="sm"
        leftSection={status === 'published' ? <Loader size={10} color="blue" /> : undefined}
        // Beside a long name on a phone the word must stay whole ("ACC…" said nothing).
        style={{ flexShrink: 0, minWidth: 'max-content' }}
        data-testid="template-status"
        data-status={status}
      >
        {t(`status.${status}`)}
      </Badge>
    </Tooltip>
  );
}

/** Meta's reason in words; unknown reasons are shown as Meta sent them. */
export function RejectionReason({ reason }: { reason: string | null }) {
  const { t } = useTranslation('templates');
  if (!reason) return null;
  return (
    <Text size="xs" c="red.7" data-testid="template-reason">
      {t('reasonLabel', { reason: t(`reasons.${reason}`, { defaultValue: reason }) })}
    </Text>
  );
}
