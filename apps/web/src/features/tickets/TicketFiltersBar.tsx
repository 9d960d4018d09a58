import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { CHANNEL_TYPES, TICKET_STATUSES } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PICKER_DATE_FORMAT } from '../../lib/datePickers';
import { FilterBar } from '../shared/FilterBar';
import { useAssignableAgents } from '../inbox/actions/api';
import { EMPTY_TICKET_FILTERS, filtersToParams, type TicketFilters } from './filters';

/**
 * Search, status, agent, channel and a day range (days of the account's zone, as the server
 * reads them); every change is kept in the URL.
 */
export function TicketFiltersBar({
  filters,
  onChange,
  compact,
}: {
  filters: TicketFilters;
  onChange: (next: TicketFilters) => void;
  /** Phones: the search box, and the other filters behind a button. */
  compact: boolean;
}) {
  const { t } = useTranslation('tickets');
  const agents = useAssignableAgents(true);
  const set = (patch: Partial<TicketFilters>) => onChange({ ...filters, ...patch });
  const width = compact ? undefined : 150;

  return (
    <FilterBar
      searchText={filters.searchText}
      onSearch={(searchText) => set({ searchText })}
      activeCount={Object.keys(filtersToParams({ ...filters, searchText: '' })).length}
      onClear={() => onChange(EMPTY_TICKET_FILTERS)}
      compact={compact}
      text={{ search: t('filters.search'), open: t('filters.open'), clear: t('filters.clear') }}
      testIdPrefix="ticket"
      searchWidth={220}
    >
      <Select
        placeholder={t('filters.allStatuses')}
        aria-label={t('filters.status')}
        clearable
        data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={filters.status}
        onChange={(value) => set({ status: value === 'open' || value === 'closed' ? value : null })}
        w={width}
        data-testid="ticket-status"
      />
      <Select
        placeholder={t('filters.allAgents')}
        aria-label={t('filters.agent')}
        clearable
        searchable
        nothingFoundMessage={t('filters.noAgent')}
        data={(agents.data ?? []).map((u) => ({ value: u._id, label: u.name }))}
        value={filters.agentId}
        onChange={(value) => set({ agentId: value })}
        w={width}
        data-testid="ticket-agent"
      />
      <Select
        placeholder={t('filters.allChannels')}
        aria-label={t('filters.channel')}
        clearable
        data={CHANNEL_TYPES.map((c) => ({ value: c, label: t(`inbox:channels.${c}`) }))}
        value={filters.channel}
        onChange={(value) => set({ channel: CHANNEL_TYPES.find((c) => c === value) ?? null })}
        w={width}
        data-testid="ticket-channel"
      />
      <Group gap="xs" wrap="nowrap">
        <DatePickerInput
          aria-label={t('filters.from')}
          placeholder={t('filters.from')}
          valueFormat={PICKER_DATE_FORMAT}
          clearable
          value={filters.from}
          onChange={(value) => set({ from: value || null })}
          style={{ flex: 1 }}
          w={compact ? undefined : 145}
          data-testid="ticket-from"
        />
        <span aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }}>
          –
        </span>
        <DatePickerInput
          aria-label={t('filters.to')}
          placeholder={t('filters.to')}
          valueFormat={PICKER_DATE_FORMAT}
          clearable
          value={filters.to}
          onChange={(value) => set({ to: value || null })}
          style={{ flex: 1 }}
          w={compact ? undefined : 145}
          data-testid="ticket-to"
        />
      </Group>
    </FilterBar>
  );
}
