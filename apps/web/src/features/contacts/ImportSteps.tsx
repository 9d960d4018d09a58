import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { ContactImportPreview } from '@sapa/contracts';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { errorText } from '../shared/forms';
import {
  useContactAttributes,
  useContactGroups,
  type ContactImportResult,
  type FileFormat,
} from './api';
import { downloadRejected } from './download';
import { formatPhone } from './filters';
import { sampleColumns } from './importFile';
import { translateReason } from './reasons';

const FIELD_TITLES = new Set(['name', 'phone', 'email', 'labels', 'notes']);

/** Rejected rows listed inline; the full list is in the download. */
const REJECTED_SHOWN = 20;

function Stat({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" p="sm" h="100%" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lineClamp={1} title={label}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={`${testId}-value`}>
        {formatNumber(value)}
      </Text>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={650}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

export function ImportPreviewStep({
  preview,
  error,
  onBack,
  onConfirm,
}: {
  preview: ContactImportPreview;
  error: string | null;
  onBack: () => void;
  onConfirm: (groupId: string | null) => void;
}) {
  const { t } = useTranslation('contacts');
  const groups = useContactGroups();
  const attributes = useContactAttributes();
  const [groupId, setGroupId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const download = async (format: FileFormat) => {
    setDownloading(true);
    try {
      await downloadRejected(preview.importId, format);
    } catch (failure) {
      notifyError(errorText(failure));
    } finally {
      setDownloading(false);
    }
  };

  const rejectedCount = preview.totalRows - preview.validRows;
  const columns = sampleColumns(preview.sample);
  const attributeLabels = new Map((attributes.data ?? []).map((a) => [a.key, a.label]));
  // The sample speaks in the contact's fields, whatever the file called its columns.
  const columnTitle = (column: string) =>
    FIELD_TITLES.has(column)
      ? t(`import.fields.${column}`)
      : (attributeLabels.get(column) ?? column);
  return (
    <Stack gap="md" data-testid="import-preview">
      <Text size="sm" c="dimmed" truncate="end">
        {preview.filename}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label={t('import.total')} value={preview.totalRows} testId="import-total" />
        <Stat
          label={t('import.valid')}
          value={preview.validRows}
          color="teal"
          testId="import-valid"
        />
        <Stat label={t('import.merge')} value={preview.mergeRows} testId="import-merge" />
        <Stat
          label={t('import.rejected')}
          value={rejectedCount}
          color={rejectedCount ? 'red' : undefined}
          testId="import-rejected"
        />
      </SimpleGrid>

      {preview.sample.length > 0 && (
        <Section title={t('import.sample')}>
          <Card withBorder radius="md" p={0}>
            <Table.ScrollContainer minWidth={Math.max(480, columns.length * 140)}>
              <Table striped verticalSpacing={6} fz="sm" data-testid="import-sample">
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                        {columnTitle(column)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.sample.map((row, index) => (
                    <Table.Tr key={index}>
                      {columns.map((column) => (
                        <Table.Td key={column} style={{ whiteSpace: 'nowrap' }}>
                          {column === 'phone'
                            ? formatPhone(row.phone ?? null)
                            : (row[column] ?? '')}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </Section>
      )}

      {preview.rejected.length > 0 && (
        <Section title={t('import.rejectedTitle')}>
          <Card withBorder radius="md" p={0}>
            <Table verticalSpacing={6} fz="sm" data-testid="import-rejected-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('import.row')}</Table.Th>
                  <Table.Th>{t('import.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rejected.slice(0, REJECTED_SHOWN).map((row) => (
                  <Table.Tr key={row.row} data-testid="import-rejected-row">
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td c="red.7">{translateReason(row.reason)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {preview.rejected.length > REJECTED_SHOWN
                ? t('import.moreRejected', { count: preview.rejected.length - REJECTED_SHOWN })
                : ''}
            </Text>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  loading={downloading}
                  data-testid="import-download-rejected"
                >
                  {t('import.downloadRejected')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void download('csv')}>CSV</Menu.Item>
                <Menu.Item onClick={() => void download('xlsx')}>XLSX</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Section>
      )}

      <Select
        label={t('import.group')}
        placeholder={t('import.groupPlaceholder')}
        clearable
        searchable
        data={(groups.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
        value={groupId}
        onChange={setGroupId}
        maw={360}
        data-testid="import-group"
      />

      {preview.validRows === 0 && (
        <Alert color="orange" variant="light">
          {t('import.nothingValid')}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="import-error">
          {error}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        <Button variant="default" onClick={onBack}>
          {t('import.back')}
        </Button>
        <Button
          disabled={preview.validRows === 0}
          onClick={() => onConfirm(groupId)}
          data-testid="import-confirm"
        >
          {t('import.confirm', { count: preview.validRows })}
        </Button>
      </Group>
    </Stack>
  );
}

export function ImportResultStep({
  result,
  onClose,
}: {
  result: ContactImportResult;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Stack gap="md" align="stretch" data-testid="import-result">
      <Stack align="center" gap={4}>
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Text fw={650} size="lg">
          {t('import.doneTitle')}
        </Text>
      </Stack>
      <SimpleGrid cols={3} spacing="sm">
        <Stat
          label={t('import.created')}
          value={result.created}
          color="teal"
          testId="import-created"
        />
        <Stat label={t('import.merged')} value={result.merged} testId="import-merged" />
        <Stat
          label={t('import.skipped')}
          value={result.rejected}
          color={result.rejected ? 'red' : undefined}
          testId="import-skipped"
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="import-close">
          {t('import.close')}
        </Button>
      </Group>
    </Stack>
  );
}
