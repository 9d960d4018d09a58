import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Chat, Label } from '@sapa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/messages';
import { useLabels } from '../../labels/api';
import { defaultLabelColor, useSaveLabel } from '../../labels/mutations';

/**
 * The chat's labels as checkboxes with their colours; managers may create a label by typing a
 * name that does not exist yet. Every toggle is saved at once.
 */
export function LabelsPanel({
  chat,
  canManage,
  saving,
  onChange,
}: {
  chat: Chat;
  canManage: boolean;
  saving: boolean;
  onChange: (labelIds: string[]) => void;
}) {
  const { t } = useTranslation('chatActions');
  const labels = useLabels();
  const create = useSaveLabel();
  const [search, setSearch] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);

  const all: Label[] = labels.data?.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((l) => l.label.toLowerCase().includes(needle)) : all;
  const exact = all.some((l) => l.label.toLowerCase() === needle);
  const selected = new Set(chat.label);

  const toggle = (id: string) => {
    const next = selected.has(id) ? chat.label.filter((l) => l !== id) : [...chat.label, id];
    onChange(next);
  };

  const createAndApply = () => {
    setCreateError(null);
    create.mutate(
      { id: null, body: { label: search.trim(), color: defaultLabelColor(all.length) } },
      {
        onSuccess: (label) => {
          setSearch('');
          onChange([...chat.label, label._id]);
        },
        onError: (error) => setCreateError(errorMessage(error)),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="labels-panel">
      <TextInput
        size="sm"
        leftSection={<IconSearch size={14} />}
        placeholder={canManage ? t('labels.searchOrCreate') : t('labels.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canManage && needle && !exact) createAndApply();
        }}
        data-testid="labels-search"
        data-autofocus
      />
      {labels.isPending ? (
        <Group justify="center" py="sm">
          <Loader size="sm" />
        </Group>
      ) : labels.isError ? (
        <Text size="sm" c="red">
          {errorMessage(labels.error)}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
          <Stack gap={4}>
            {shown.length === 0 && !(canManage && needle) && (
              <Text size="sm" c="dimmed" py={4}>
                {all.length === 0 ? t('labels.none') : t('labels.noMatch')}
              </Text>
            )}
            {shown.map((label) => (
              <Checkbox
                key={label._id}
                checked={selected.has(label._id)}
                disabled={saving}
                onChange={() => toggle(label._id)}
                data-testid={`label-option-${label.label}`}
                label={
                  <Group gap={8} wrap="nowrap">
                    <ColorSwatch color={label.color} size={12} withShadow={false} />
                    <Text size="sm" truncate="end">
                      {label.label}
                    </Text>
                  </Group>
                }
                styles={{ body: { alignItems: 'center' }, labelWrapper: { minWidth: 0 } }}
                py={4}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {canManage && needle && !exact && (
        <Box>
          <Button
            variant="light"
            size="xs"
            fullWidth
            justify="flex-start"
            leftSection={<IconPlus size={14} />}
            loading={create.isPending}
            onClick={createAndApply}
            data-testid="labels-create"
          >
            {t('labels.create', { name: search.trim() })}
          </Button>
          {createError && (
            <Text size="xs" c="red" mt={4}>
              {createError}
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}
