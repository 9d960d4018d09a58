import { Select, Switch } from '@mantine/core';
import { CHANNEL_TYPES } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../shared/FilterBar';
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
  const width = compact ? undefined : 170;

  return (
    <FilterBar
      searchText={filters.searchText}
      onSearch={(searchText) => onChange({ searchText })}
      activeCount={Object.keys(filtersToParams({ ...filters, searchText: '' })).length}
      onClear={() => onChange(EMPTY_CONTACT_FILTERS)}
      compact={compact}
      text={{ search: t('filters.search'), open: t('filters.open'), clear: t('filters.clear') }}
      testIdPrefix="contact"
    >
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
    </FilterBar>
  );
}
