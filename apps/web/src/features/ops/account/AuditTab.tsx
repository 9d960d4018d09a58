import { Badge, Box, Card, Code, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OpsAccountDetail, OpsAuditEntry } from '@sapa/contracts';
import { formatDateTime } from '../../../lib/datetime';
import { OPS_NS, OPS_ZONE } from '../opsI18n';

/** The changes' values, one line each: before → after for settings, the figures otherwise. */
function summary(entry: OpsAuditEntry): string[] {
  const d = entry.detail;
  const text = (v: unknown) => (v === null || v === undefined ? '—' : String(v));
  if (Array.isArray(d.changes))
    return (d.changes as { key: string; before: unknown; after: unknown }[]).map(
      (c) => `${c.key}: ${text(c.before)} → ${text(c.after)}`,
    );
  const lines: string[] = [];
  if ('before' in d || 'after' in d)
    lines.push(
      `${text(typeof d.before === 'object' ? JSON.stringify(d.before) : d.before)} → ${text(d.after)}`,
    );
  if (d.amount !== undefined) lines.unshift(`amount: ${text(d.amount)}`);
  if (d.days !== undefined) lines.unshift(`days: ${text(d.days)}`);
  if (d.invoiceNumber !== undefined) lines.unshift(`invoice: ${text(d.invoiceNumber)}`);
  return lines;
}

export function AuditTab({ detail }: { detail: OpsAccountDetail }) {
  const { t } = useTranslation(OPS_NS);
  if (detail.audit.length === 0)
    return (
      <Card withBorder radius="md">
        <Text c="dimmed" size="sm">
          {t('audit.empty')}
        </Text>
      </Card>
    );
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="lg" data-testid="ops-audit">
        {detail.audit.map((entry) => (
          <Group key={entry.id} align="flex-start" wrap="nowrap" gap="sm">
            <ThemeIcon size={26} radius="xl" variant="light" aria-hidden>
              <IconHistory size={14} />
            </ThemeIcon>
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {t(`audit.actions.${entry.action.replace(/\./g, '_')}`, {
                    defaultValue: entry.action,
                  })}
                </Text>
                <Badge size="xs" variant="light" color={entry.via === 'cli' ? 'grape' : 'blue'}>
                  {t(`audit.via.${entry.via}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt, { timeZone: OPS_ZONE })} ·{' '}
                {entry.operatorEmail ?? t('audit.commandLine')}
              </Text>
              {typeof entry.detail.reason === 'string' && (
                <Text size="sm" mt={4}>
                  “{entry.detail.reason}”
                </Text>
              )}
              <Stack gap={2} mt={4}>
                {summary(entry).map((line) => (
                  <Code
                    key={line}
                    fz="xs"
                    style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                  >
                    {line}
                  </Code>
                ))}
              </Stack>
            </Box>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
