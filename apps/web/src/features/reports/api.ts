import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reportSchema,
  reportTargetsSchema,
  usageReportSchema,
  type Report,
  type ReportExportFormat,
  type ReportQuery,
  type ReportTab,
  type ReportTargets,
  type UsageReport,
} from '@sapa/contracts';
import { fetchFile, saveBlob } from '../../lib/download';
import { api, type QueryValue } from '../../lib/http';
import type { Language } from '../../lib/i18n';

export const reportKeys = {
  all: ['reports'] as const,
  tab: (query: ReportQuery) => ['reports', 'tab', query] as const,
  usage: (kind: 'daily' | 'weekly', value: string) => ['reports', 'usage', kind, value] as const,
  targets: ['reports', 'targets'] as const,
};

/** The answer for one tab, narrowed to that tab's shape. */
export type ReportOf<T extends ReportTab> = Extract<Report, { tab: T }>;

function toParams(query: ReportQuery): Record<string, QueryValue> {
  return { ...query };
}

/**
 * One tab of the reports. The previous answer stays on screen while a new range or filter
 * loads, so the page does not jump back to a spinner on every click.
 */
export function useReport<T extends ReportTab>(query: ReportQuery & { tab: T }, enabled = true) {
  return useQuery({
    queryKey: reportKeys.tab(query),
    queryFn: async () =>
      reportSchema.parse(await api.get<unknown>('reports', { params: toParams(query) })),
    select: (report) => (report.tab === query.tab ? (report as ReportOf<T>) : null),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** Spec §7 `reports/daily/usage` and `reports/weekly/usage`. */
export function useUsage(kind: 'daily' | 'weekly', value: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.usage(kind, value),
    queryFn: async (): Promise<UsageReport> =>
      usageReportSchema.parse(
        await api.get<unknown>(`reports/${kind}/usage`, {
          params: kind === 'daily' ? { date: value } : { week: value },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

export function useTargets(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.targets,
    queryFn: async () => reportTargetsSchema.parse(await api.get<unknown>('reports/targets')),
    enabled,
  });
}

export function useSaveTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (targets: ReportTargets) =>
      reportTargetsSchema.parse(await api.put<unknown>('reports/targets', { body: targets })),
    onSuccess: (targets) => {
      queryClient.setQueryData(reportKeys.targets, targets);
      // Breaches and the dashboard's "waiting over target" are counted against them.
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** `GET /api/reports/export` with the bearer token, saved under a name that says what it is. */
export async function exportReport(
  query: ReportQuery,
  format: ReportExportFormat,
  lang: Language,
): Promise<void> {
  const blob = await fetchFile('reports/export', { ...toParams(query), format, lang }, format);
  const span = query.from === query.to ? query.from : `${query.from}_${query.to}`;
  saveBlob(blob, `report-${query.tab}-${span}.${format}`);
}
