import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Collapse,
  Group,
  Indicator,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CHANNEL_TYPES, TICKET_STATUSES } from '@sapa/contracts';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAssignableAgents } from '../inbox/actions/api';
import { EMPTY_TICKET_FILTERS, filtersToParams, type TicketFilters } from './filters';

/** Search, status, agent, channel and a day range; every change is kept in the URL. */
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
  const [search, setSearch] = useState(filters.searchText);
  const [debounced] = useDebouncedValue(search, 300);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (debounced !== filters.searchText) onChange({ ...filters, searchText: debounced });
    // Only the debounced text drives this; the other filters apply on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const set = (patch: Partial<TicketFilters>) => onChange({ ...filters, ...patch });
  const active = Object.keys(filtersToParams({ ...filters, searchText: '' })).length;
  const clear = () => {
    setSearch('');
    onChange(EMPTY_TICKET_FILTERS);
  };

  const searchBox = (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={t('filters.search')}
      aria-label={t('filters.search')}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      style={{ flex: '1 1 220px' }}
      data-testid="ticket-search"
    />
  );
  const width = compact ? undefined : 150;
  const others = (
    <>
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
        <TextInput
          type="date"
          aria-label={t('filters.from')}
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || null })}
          style={{ flex: 1 }}
          w={compact ? undefined : 145}
          data-testid="ticket-from"
        />
        <span aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }}>
          –
        </span>
        <TextInput
          type="date"
          aria-label={t('filters.to')}
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || null })}
          style={{ flex: 1 }}
          w={compact ? undefined : 145}
          data-testid="ticket-to"
        />
      </Group>
    </>
  );
  const clearButton = (active > 0 || search) && (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconX size={14} />}
      onClick={clear}
      data-testid="ticket-clear"
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
              data-testid="ticket-filters-toggle"
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
