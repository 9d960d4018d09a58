import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  ColorSwatch,
  Drawer,
  Group,
  Indicator,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { CHAT_FLAGS, type ChannelType, type Label } from '@sapa/contracts';
import { IconAdjustmentsHorizontal, IconFlagFilled, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ASSIGNEES, type Assignee } from '../cache';
import {
  activeFilterKeys,
  clearFilter,
  setFilter,
  type FilterKey,
  type ListFilters,
} from '../filters';
import { ChannelIcon } from './ChannelIcon';
import { FLAG_COLORS } from './ChatRow';
import classes from './chatList.module.css';

/** ALL / MINE / UNASSIGNED (spec §2), always in view because agents switch it all day. */
export function AssigneeControl({
  value,
  onChange,
}: {
  value: Assignee;
  onChange: (value: Assignee) => void;
}) {
  const { t } = useTranslation('inbox');
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      radius="md"
      value={value}
      onChange={(next) => onChange(next as Assignee)}
      data={ASSIGNEES.map((a) => ({ value: a, label: t(`assignee.${a}`) }))}
      data-testid="chat-assignee"
    />
  );
}

type ResolvedChoice = 'any' | 'open' | 'resolved';
const RESOLVED_VALUE: Record<ResolvedChoice, boolean | null> = {
  any: null,
  open: false,
  resolved: true,
};
const resolvedChoice = (value: boolean | null): ResolvedChoice =>
  value === null ? 'any' : value ? 'resolved' : 'open';

interface FilterPanelProps {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  channels: readonly ChannelType[];
  labels: readonly Label[];
  /** Selects inside a popover must draw their dropdown inside it, or a pick closes the popover. */
  inPopover: boolean;
}

function FilterPanel({ filters, onChange, channels, labels, inPopover }: FilterPanelProps) {
  const { t } = useTranslation('inbox');
  const set = <K extends FilterKey>(key: K, value: ListFilters[K]) =>
    onChange(setFilter(filters, key, value));
  const labelColor = useMemo(() => new Map(labels.map((l) => [l._id, l.color])), [labels]);
  const comboboxProps = inPopover ? { withinPortal: false } : {};

  return (
    <div data-testid="chat-filter-panel">
      <div className={classes.filterSection}>
        <div className={classes.filterHeading}>{t('filters.status')}</div>
        <SegmentedControl
          fullWidth
          size="xs"
          value={resolvedChoice(filters.resolved)}
          onChange={(v) => set('resolved', RESOLVED_VALUE[v as ResolvedChoice])}
          data={(['any', 'open', 'resolved'] as const).map((v) => ({
            value: v,
            label: t(`filters.resolved.${v}`),
          }))}
          data-testid="filter-resolved"
        />
      </div>
      <div className={classes.filterSection}>
        <div className={classes.filterHeading}>{t('filters.flag')}</div>
        <SegmentedControl
          fullWidth
          size="xs"
          value={filters.flag ?? 'any'}
          onChange={(v) => set('flag', v === 'any' ? null : (v as ListFilters['flag']))}
          data={[
            { value: 'any', label: t('filters.any') },
            ...CHAT_FLAGS.map((flag) => ({
              value: flag,
              label: (
                <Group gap={4} wrap="nowrap" justify="center">
                  <IconFlagFilled size={12} color={FLAG_COLORS[flag]} aria-hidden />
                  <span>{t(`filters.flagShort.${flag}`)}</span>
                </Group>
              ),
            })),
          ]}
          data-testid="filter-flag"
        />
      </div>
      {channels.length > 0 && (
        <div className={classes.filterSection}>
          <div className={classes.filterHeading}>{t('filters.channel')}</div>
          <Select
            size="sm"
            value={filters.channel}
            onChange={(v) => set('channel', (v as ChannelType | null) ?? null)}
            placeholder={t('filters.allChannels')}
            clearable
            allowDeselect
            data={channels.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
            renderOption={({ option }) => (
              <Group gap={8} wrap="nowrap">
                <ChannelIcon channel={option.value as ChannelType} label="" size={16} />
                <span>{option.label}</span>
              </Group>
            )}
            comboboxProps={comboboxProps}
            aria-label={t('filters.channel')}
            data-testid="filter-channel"
          />
        </div>
      )}
      <div className={classes.filterSection}>
        <div className={classes.filterHeading}>{t('filters.label')}</div>
        {labels.length > 0 ? (
          <Select
            size="sm"
            value={filters.label}
            onChange={(v) => set('label', v)}
            placeholder={t('filters.allLabels')}
            clearable
            searchable
            allowDeselect
            nothingFoundMessage={t('filters.noLabelMatch')}
            data={labels.map((l) => ({ value: l._id, label: l.label }))}
            renderOption={({ option }) => (
              <Group gap={8} wrap="nowrap">
                <ColorSwatch size={10} color={labelColor.get(option.value) ?? '#adb5bd'} />
                <span>{option.label}</span>
              </Group>
            )}
            comboboxProps={comboboxProps}
            aria-label={t('filters.label')}
            data-testid="filter-label"
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('filters.noLabels')}
          </Text>
        )}
      </div>
      <div className={classes.filterSection}>
        <Stack gap={10}>
          <Switch
            size="sm"
            label={t('filters.unreadOnly')}
            checked={filters.unread}
            onChange={(e) => set('unread', e.currentTarget.checked)}
            data-testid="filter-unread"
          />
          <Switch
            size="sm"
            label={t('filters.archived')}
            description={t('filters.archivedHint')}
            checked={filters.isArchive}
            onChange={(e) => set('isArchive', e.currentTarget.checked)}
            data-testid="filter-archive"
          />
        </Stack>
      </div>
    </div>
  );
}

interface FilterMenuProps extends Omit<FilterPanelProps, 'inPopover'> {
  /** On phones the filters open as a bottom sheet instead of a popover. */
  small: boolean;
  onReset: () => void;
}

/** The filter button beside the search box, with the count of active filters on it. */
export function FilterMenu({ small, onReset, ...panel }: FilterMenuProps) {
  const { t } = useTranslation('inbox');
  const [opened, setOpened] = useState(false);
  const active = activeFilterKeys(panel.filters).length;

  const trigger = (
    <Tooltip label={t('filters.open')} disabled={opened}>
      <Indicator
        label={active}
        size={16}
        offset={4}
        disabled={active === 0}
        color="sapa"
        withBorder
      >
        <ActionIcon
          size={36}
          radius="md"
          variant={active > 0 ? 'light' : 'default'}
          onClick={() => setOpened((o) => !o)}
          aria-label={t('filters.open')}
          aria-expanded={opened}
          data-testid="chat-filter-button"
        >
          <IconAdjustmentsHorizontal size={18} stroke={1.7} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );

  const footer = (
    <Group justify="space-between" mt="md">
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        disabled={active === 0}
        onClick={onReset}
        data-testid="filter-reset"
      >
        {t('filters.reset')}
      </Button>
      <Button size="xs" onClick={() => setOpened(false)} data-testid="filter-done">
        {t('filters.done')}
      </Button>
    </Group>
  );

  if (small) {
    return (
      <>
        {trigger}
        <Drawer
          opened={opened}
          onClose={() => setOpened(false)}
          position="bottom"
          radius="lg"
          // A sheet as tall as its content, never the whole screen.
          styles={{ content: { height: 'auto', flex: '0 0 auto', maxHeight: '90dvh' } }}
          title={<Text fw={700}>{t('filters.title')}</Text>}
        >
          <FilterPanel {...panel} inPopover={false} />
          {footer}
        </Drawer>
      </>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      // Beside the list, so the agent sees it narrow while picking.
      position="right-start"
      offset={12}
      width={320}
      shadow="md"
      radius="md"
      trapFocus
    >
      <Popover.Target>{trigger}</Popover.Target>
      <Popover.Dropdown p="md">
        <Text fw={700} size="sm" mb="sm">
          {t('filters.title')}
        </Text>
        <FilterPanel {...panel} inPopover />
        {footer}
      </Popover.Dropdown>
    </Popover>
  );
}

/** One chip per active filter, each removable, so the agent always sees why the list is short. */
export function ActiveFilterChips({
  filters,
  labels,
  onChange,
  onReset,
}: {
  filters: ListFilters;
  labels: readonly Label[];
  onChange: (filters: ListFilters) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('inbox');
  const keys = activeFilterKeys(filters);
  if (keys.length === 0) return null;

  const text = (key: FilterKey): string => {
    switch (key) {
      case 'channel':
        return filters.channel ? t(`channels.${filters.channel}`) : '';
      case 'resolved':
        return t(`filters.resolved.${resolvedChoice(filters.resolved)}`);
      case 'flag':
        return filters.flag ? t(`filters.flagChip.${filters.flag}`) : '';
      case 'label':
        return labels.find((l) => l._id === filters.label)?.label ?? t('filters.unknownLabel');
      case 'isArchive':
        return t('filters.archived');
      case 'unread':
        return t('filters.unreadOnly');
    }
  };

  return (
    <div className={classes.chips} data-testid="chat-filter-chips">
      {keys.map((key) => (
        <span key={key} className={classes.chip} data-testid="chat-filter-chip" data-filter={key}>
          {key === 'flag' && filters.flag && (
            <IconFlagFilled size={12} color={FLAG_COLORS[filters.flag]} aria-hidden />
          )}
          {key === 'channel' && filters.channel && (
            <ChannelIcon channel={filters.channel} label="" size={13} />
          )}
          {key === 'label' && (
            <ColorSwatch
              size={8}
              color={labels.find((l) => l._id === filters.label)?.color ?? '#adb5bd'}
            />
          )}
          <span className={classes.chipText}>{text(key)}</span>
          <button
            type="button"
            className={classes.chipClose}
            onClick={() => onChange(clearFilter(filters, key))}
            aria-label={t('filters.remove', { name: text(key) })}
          >
            <IconX size={12} stroke={2.2} />
          </button>
        </span>
      ))}
      {keys.length > 1 && (
        <Button variant="subtle" size="compact-xs" color="gray" onClick={onReset}>
          {t('filters.clearAll')}
        </Button>
      )}
    </div>
  );
}
