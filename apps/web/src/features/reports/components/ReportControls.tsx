import { useState } from 'react';
import {
  Button,
  Collapse,
  Group,
  Indicator,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAdjustmentsHorizontal, IconCalendar, IconX } from '@tabler/icons-react';
import { CHANNEL_TYPES, REPORT_MAX_DAYS, type User } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PICKER_DATE_FORMAT } from '../../../lib/datePickers';
import { notifyError } from '../../../lib/notify';
import { useAssignableAgents, useAssignableDivisions } from '../../inbox/actions/api';
import { useLabels } from '../../labels/api';
import {
  activeFilterCount,
  addDays,
  daysIn,
  effectiveGroupBy,
  NO_FILTERS,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  type ReportFilters,
  type ReportView,
} from '../range';

/** The agents a viewer may pick: the server refuses the others (admins see everyone). */
export function visibleAgents(all: readonly User[], viewer: User): User[] {
  if (viewer.divisionOnlyView) {
    const mine = new Set(viewer.divisions.map((d) => d.id));
    return all.filter((u) => u._id === viewer._id || u.divisions.some((d) => mine.has(d.id)));
  }
  if (viewer.role === 'admin') return [...all];
  const supervised = new Set([viewer._id, ...viewer.agentIds]);
  return all.filter((u) => supervised.has(u._id));
}

/**
 * The period (a preset or custom days), day or week, the comparison, and the filters. On phones
 * the presets are a menu and the filters fold behind a button that counts the active ones.
 */
export function ReportControls({
  view,
  onChange,
  today,
  viewer,
  compact,
}: {
  view: ReportView;
  onChange: (next: ReportView) => void;
  today: string;
  viewer: User;
  compact: boolean;
}) {
  const { t } = useTranslation(['reports', 'inbox']);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const agents = useAssignableAgents(true);
  const divisions = useAssignableDivisions(viewer.role !== 'agent');
  const labels = useLabels();
  const active = activeFilterCount(view.filters);

  const setPreset = (preset: RangePreset) => {
    if (preset === 'custom') return onChange({ ...view, preset });
    onChange({ ...view, preset, ...presetRange(preset, today) });
  };
  const setDays = (value: [string | null, string | null]) => {
    const [from, to] = value;
    if (!from || !to) return;
    if (daysIn(from, to) > REPORT_MAX_DAYS) return notifyError(t('reports:range.tooLong'));
    onChange({ ...view, preset: 'custom', from, to });
  };
  const setFilter = (patch: Partial<ReportFilters>) =>
    onChange({ ...view, filters: { ...view.filters, ...patch } });

  const mineDivisions = new Set(viewer.divisions.map((d) => d.id));
  const divisionOptions = (divisions.data ?? [])
    .filter((d) => !viewer.divisionOnlyView || mineDivisions.has(d._id))
    .map((d) => ({ value: d._id, label: d.name }));
  const agentOptions = visibleAgents(agents.data ?? [], viewer).map((u) => ({
    value: u._id,
    label: u.name,
  }));
  const width = compact ? undefined : 170;

  const filters = (
    <>
      <Select
        aria-label={t('reports:filters.channel')}
        placeholder={t('reports:filters.allChannels')}
        clearable
        data={CHANNEL_TYPES.map((c) => ({ value: c, label: t(`inbox:channels.${c}`) }))}
        value={view.filters.channel}
        onChange={(v) => setFilter({ channel: CHANNEL_TYPES.find((c) => c === v) ?? null })}
        w={width}
        data-testid="report-filter-channel"
      />
      {viewer.role !== 'agent' && (
        <Select
          aria-label={t('reports:filters.division')}
          placeholder={t('reports:filters.allDivisions')}
          clearable
          data={divisionOptions}
          value={view.filters.divisionId}
          onChange={(v) => setFilter({ divisionId: v })}
          w={width}
          data-testid="report-filter-division"
        />
      )}
      {viewer.role !== 'agent' && (
        <Select
          aria-label={t('reports:filters.agent')}
          placeholder={t('reports:filters.allAgents')}
          clearable
          searchable
          nothingFoundMessage={t('reports:filters.noneFound')}
          data={agentOptions}
          value={view.filters.agentId}
          onChange={(v) => setFilter({ agentId: v })}
          w={width}
          data-testid="report-filter-agent"
        />
      )}
      <Select
        aria-label={t('reports:filters.label')}
        placeholder={t('reports:filters.allLabels')}
        clearable
        searchable
        nothingFoundMessage={t('reports:filters.noneFound')}
        data={(labels.data?.data ?? []).map((l) => ({ value: l._id, label: l.label }))}
        value={view.filters.labelId}
        onChange={(v) => setFilter({ labelId: v })}
        w={width}
        data-testid="report-filter-label"
      />
      {active > 0 && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={() => onChange({ ...view, filters: NO_FILTERS })}
          data-testid="report-filter-clear"
        >
          {t('reports:filters.clear')}
        </Button>
      )}
    </>
  );

  const presets = RANGE_PRESETS.map((p) => ({ value: p, label: t(`reports:range.${p}`) }));
  return (
    <Stack gap="sm" mb="lg">
      <Group gap="sm" align="center" wrap="wrap">
        {compact ? (
          <Select
            aria-label={t('reports:range.label')}
            data={presets}
            value={view.preset}
            onChange={(v) => v && setPreset(v as RangePreset)}
            allowDeselect={false}
            leftSection={<IconCalendar size={16} />}
            style={{ flex: 1 }}
            data-testid="report-range"
          />
        ) : (
          <SegmentedControl
            aria-label={t('reports:range.label')}
            data={presets}
            value={view.preset}
            onChange={(v) => setPreset(v as RangePreset)}
            data-testid="report-range"
          />
        )}
        {view.preset === 'custom' && (
          <DatePickerInput
            type="range"
            aria-label={t('reports:range.pick')}
            placeholder={t('reports:range.pick')}
            valueFormat={PICKER_DATE_FORMAT}
            value={[view.from, view.to]}
            onChange={setDays}
            maxDate={today}
            minDate={addDays(today, -3 * 366)}
            leftSection={<IconCalendar size={16} />}
            w={compact ? '100%' : 260}
            data-testid="report-custom-range"
          />
        )}
        <SegmentedControl
          aria-label={t('reports:groupBy.label')}
          data={[
            { value: 'day', label: t('reports:groupBy.day') },
            { value: 'week', label: t('reports:groupBy.week') },
          ]}
          value={effectiveGroupBy(view)}
          onChange={(v) => onChange({ ...view, groupBy: v === 'week' ? 'week' : 'day' })}
          data-testid="report-group-by"
        />
        <Switch
          label={t('reports:compare.toggle')}
          checked={view.compare}
          onChange={(e) => onChange({ ...view, compare: e.currentTarget.checked })}
          data-testid="report-compare"
        />
        {compact && (
          <Indicator label={active} size={16} disabled={active === 0} offset={4}>
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
              data-testid="report-filters-toggle"
            >
              {t('reports:filters.button')}
            </Button>
          </Indicator>
        )}
      </Group>
      {compact ? (
        <Collapse in={filtersOpen}>
          <SimpleGrid cols={1} spacing="xs">
            {filters}
          </SimpleGrid>
        </Collapse>
      ) : (
        <Group gap="sm" wrap="wrap">
          {filters}
        </Group>
      )}
    </Stack>
  );
}
