import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Collapse,
  Group,
  Indicator,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CHANNEL_TYPES } from '@sapa/contracts';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../labels/api';
import { useContactGroups } from './api';
import { EMPTY_CONTACT_FILTERS, filtersToParams, type ContactFilters } from './filters';

/** Search (debounced), channel, label, group and archived; every change is kept in the URL. */
export function ContactFiltersBar({
  filters,
  onChange,
  compact,
}: {
  filters: ContactFilters;
  /** A change to some filters; the others stay as they are. */
  onChange: (patch: Partial<ContactFilters>) => void;
  /** Phones: the search box, and the other filters behind a button. */
  compact: boolean;
}) {
  const { t } = useTranslation('contacts');
  const labels = useLabels();
  const groups = useContactGroups();
  const [search, setSearch] = useState(filters.searchText);
  const [debounced] = useDebouncedValue(search, 300);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (debounced !== filters.searchText) onChange({ searchText: debounced });
    // Only the debounced text drives this; the other filters apply on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const active = Object.keys(filtersToParams({ ...filters, searchText: '' })).length;
  const clear = () => {
    setSearch('');
    onChange(EMPTY_CONTACT_FILTERS);
  };
  const width = compact ? undefined : 170;

  const searchBox = (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={t('filters.search')}
      aria-label={t('filters.search')}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      style={{ flex: '1 1 240px' }}
      data-testid="contact-search"
    />
  );
  const others = (
    <>
      <Select
        placeholder={t('filters.allChannels')}
        aria-label={t('filters.channel')}
        clearable
        data={CHANNEL_TYPES.map((c) => ({ value: c, label: t(`inbox:channels.${c}`) }))}
        value={filters.channel}
        onChange={(value) => onChange({ channel: CHANNEL_TYPES.find((c) => c === value) ?? null })}
        w={width}
        data-testid="contact-filter-channel"
      />
      <Select
        placeholder={t('filters.allLabels')}
        aria-label={t('filters.label')}
        clearable
        searchable
        nothingFoundMessage={t('filters.nothing')}
        data={(labels.data?.data ?? []).map((l) => ({ value: l._id, label: l.label }))}
        value={filters.label}
        onChange={(value) => onChange({ label: value })}
        w={width}
        data-testid="contact-filter-label"
      />
      <Select
        placeholder={t('filters.allGroups')}
        aria-label={t('filters.group')}
        clearable
        searchable
        nothingFoundMessage={t('filters.nothing')}
        data={(groups.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
        value={filters.groupId}
        onChange={(value) => onChange({ groupId: value })}
        w={width}
        data-testid="contact-filter-group"
      />
      <Switch
        label={t('filters.archived')}
        checked={filters.archived}
        onChange={(e) => onChange({ archived: e.currentTarget.checked })}
        data-testid="contact-filter-archived"
      />
    </>
  );
  const clearButton = (active > 0 || search) && (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconX size={14} />}
      onClick={clear}
      data-testid="contact-clear"
    >
      {t('filters.clear')}
    </Button>
  );

  if (compact) {
    return (
      <Stack gap="xs" mb="md">
        <Group gap="xs" wrap="nowrap">
          {searchBox}
          <Indicator label={active} size={16} disabled={active === 0} withBorder offset={4}>
            <ActionIcon
              size={36}
              variant={active > 0 ? 'light' : 'default'}
              onClick={() => setExpanded((e) => !e)}
              aria-label={t('filters.open')}
              aria-expanded={expanded}
              data-testid="contact-filters-toggle"
            >
              <IconAdjustmentsHorizontal size={18} />
            </ActionIcon>
          </Indicator>
        </Group>
        <Collapse in={expanded}>
          <Stack gap="xs">
            {others}
            {clearButton}
          </Stack>
        </Collapse>
      </Stack>
    );
  }

  return (
    <Group gap="sm" mb="md" wrap="wrap" align="center">
      {searchBox}
      {others}
      {clearButton}
    </Group>
  );
}
