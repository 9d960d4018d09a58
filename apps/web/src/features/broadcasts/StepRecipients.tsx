import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { Template } from '@sapa/contracts';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { useContactAttributes } from '../contacts/api';
import { useGroups } from '../contact-groups/api';
import { downloadExample } from './api';
import { broadcastError } from './reasons';
import {
  templateColumns,
  type DataMode,
  type WizardErrors,
  type WizardValues,
} from './wizard-model';
import classes from './broadcasts.module.css';

/** Step 2: where the recipients come from, with the columns the template needs. */
export function StepRecipients({
  values,
  set,
  errors,
  template,
}: {
  values: WizardValues;
  set: (patch: Partial<WizardValues>) => void;
  errors: WizardErrors;
  template: Template;
}) {
  const { t } = useTranslation('broadcasts');
  const [downloading, setDownloading] = useState(false);
  const columns = templateColumns(template);
  const err = (key: string) => (errors[key] ? t(errors[key] ?? '') : undefined);

  const example = async () => {
    setDownloading(true);
    try {
      await downloadExample(template._id, template.name);
    } catch (error) {
      notifyError(broadcastError(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm" fw={600}>
              {t('wizard.recipients.columns')}
            </Text>
            <Group gap={6} data-testid="required-columns">
              {columns.map((c) => (
                <Badge key={c} variant="outline" color="gray" tt="none" className={classes.mono}>
                  {c}
                </Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('wizard.recipients.columnsHelp')}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => void example()}
            loading={downloading}
          >
            {t('wizard.recipients.example')}
          </Button>
        </Group>
      </Paper>
      <SegmentedControl
        value={values.dataMode}
        onChange={(v) => set({ dataMode: v as DataMode })}
        data={[
          { value: 'paste', label: t('wizard.recipients.paste') },
          { value: 'file', label: t('wizard.recipients.file') },
          { value: 'groups', label: t('wizard.recipients.groups') },
        ]}
        fullWidth
        data-testid="data-mode"
      />
      {values.dataMode === 'paste' && (
        <Textarea
          label={t('wizard.recipients.pasteLabel')}
          description={t('wizard.recipients.pasteHelp')}
          placeholder={`${columns.join(',')}\n${columns.map((c) => (c === 'phone' ? '081234567890' : '…')).join(',')}`}
          value={values.pasteText}
          onChange={(e) => set({ pasteText: e.currentTarget.value })}
          autosize
          minRows={8}
          maxRows={16}
          error={err('data')}
          classNames={{ input: classes.mono }}
          spellCheck={false}
          data-testid="recipient-paste"
        />
      )}
      {values.dataMode === 'file' && (
        <FileInput
          label={t('wizard.recipients.fileLabel')}
          description={t('wizard.recipients.fileHelp')}
          placeholder={t('wizard.recipients.filePlaceholder')}
          leftSection={<IconFileSpreadsheet size={16} />}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={values.dataFile}
          onChange={(file) => set({ dataFile: file })}
          error={err('data')}
          clearable
          data-testid="recipient-file"
        />
      )}
      {values.dataMode === 'groups' && (
        <GroupSource values={values} set={set} errors={errors} columns={columns} />
      )}
    </Stack>
  );
}

function GroupSource({
  values,
  set,
  errors,
  columns,
}: {
  values: WizardValues;
  set: (patch: Partial<WizardValues>) => void;
  errors: WizardErrors;
  columns: string[];
}) {
  const { t } = useTranslation('broadcasts');
  const groups = useGroups();
  const attributes = useContactAttributes();
  const valueColumns = columns.filter((c) => c !== 'phone');
  const fieldOptions = [
    { value: 'name', label: t('wizard.recipients.fieldName') },
    ...(attributes.data ?? []).map((a) => ({
      value: `attribute:${a.key}`,
      label: t('wizard.recipients.fieldAttribute', { label: a.label }),
    })),
  ];
  if (groups.data && groups.data.length === 0)
    return (
      <Alert color="gray" variant="light">
        {t('wizard.recipients.noGroups')}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('wizard.recipients.groupsLabel')}
        description={t('wizard.recipients.groupsHelp')}
        placeholder={t('wizard.recipients.groupsPlaceholder')}
        data={(groups.data ?? []).map((g) => ({
          value: g._id,
          label: `${g.name} (${g.memberCount})`,
        }))}
        value={values.groupIds}
        onChange={(ids) => set({ groupIds: ids })}
        error={errors.data ? t(errors.data) : undefined}
        searchable
        data-testid="recipient-groups"
      />
      {valueColumns.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {valueColumns.map((column) => (
            <Select
              key={column}
              label={t('wizard.recipients.fieldFor', { column })}
              placeholder={t('wizard.recipients.fieldPlaceholder')}
              data={fieldOptions}
              value={values.fields[column] ?? null}
              onChange={(v) => {
                const fields = { ...values.fields };
                if (v) fields[column] = v;
                else delete fields[column];
                set({ fields });
              }}
              error={errors[`fields.${column}`] ? t(errors[`fields.${column}`] ?? '') : undefined}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
