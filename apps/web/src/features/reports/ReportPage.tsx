import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Menu, ScrollArea, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconLock,
} from '@tabler/icons-react';
import type { ReportExportFormat, ReportTab } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { useAccountTimeZone, zoneLabel } from '../../lib/datetime';
import { currentLanguage } from '../../lib/i18n';
import { PageHeader } from '../shared/PageHeader';
import { PHONE_QUERY, useExport } from './components/ReportTable';
import { ReportControls } from './components/ReportControls';
import { rangeLabel } from './numbers';
import { reportQuery, todayIn, viewFromParams, viewToParams, type ReportView } from './range';
import { AgentsTab } from './tabs/AgentsTab';
import { BroadcastsTab } from './tabs/BroadcastsTab';
import { ChannelsTab } from './tabs/ChannelsTab';
import { CsatTab } from './tabs/CsatTab';
import { LabelsTab } from './tabs/LabelsTab';
import { OverviewTab } from './tabs/OverviewTab';
import { TicketsTab } from './tabs/TicketsTab';
import { UsageTab } from './tabs/UsageTab';

/** Which tabs this account and person get: tickets and CSAT follow the account's settings. */
export function tabsFor(
  settings: Readonly<Record<string, string | null>>,
  role: string,
): ReportTab[] {
  const tabs: ReportTab[] = ['overview', 'agents', 'channels', 'labels'];
  if (settings['bo.ticket_report'] === 'true') tabs.push('tickets');
  tabs.push('broadcasts');
  // Usage and cost are the account's managers' (the server says so too).
  if (role === 'admin' || role === 'supervisor') tabs.push('usage');
  if (settings['bo.isCsat'] === 'true') tabs.push('csat');
  return tabs;
}

function tabPath(tab: ReportTab): string {
  return tab === 'overview' ? '/report' : `/report/${tab}`;
}

/** The tab a path names: /report is the overview, /report/{tab} the others. */
function tabOf(pathname: string): string {
  const rest = pathname.replace(/^\/report\/?/, '').replace(/\/$/, '');
  return rest || 'overview';
}

/** The whole tab as a PDF, or its table as CSV or Excel, in the menu of the page's header. */
function ExportMenu({ view, tab }: { view: ReportView; tab: ReportTab }) {
  const { t } = useTranslation('reports');
  const { pending, run } = useExport();
  const query = reportQuery(view, tab);
  const item = (format: ReportExportFormat, icon: ReactNode) => (
    <Menu.Item
      leftSection={icon}
      onClick={() => void run(query, format)}
      data-testid={`report-export-${format}`}
    >
      {t(`export.${format}`)}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={pending !== null}
          data-testid="report-export"
        >
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {item('pdf', <IconFileTypePdf size={16} />)}
        {item('csv', <IconFileText size={16} />)}
        {item('xlsx', <IconFileSpreadsheet size={16} />)}
      </Menu.Dropdown>
    </Menu>
  );
}

/** /report (spec §2): the account's figures for a period, by tab, with filters and exports. */
export function ReportPage() {
  const { t } = useTranslation('reports');
  const { user, settings } = useSession();
  const zone = useAccountTimeZone();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const compact = useMediaQuery(PHONE_QUERY) ?? false;
  const shownTab = tabOf(pathname);
  // On a phone the tabs scroll sideways: bring the open one into view (a deep link to CSAT),
  // also when the screen narrows to a phone's.
  useEffect(() => {
    const element = document.querySelector(`[data-testid="report-tab-${shownTab}"]`);
    element?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [shownTab, compact]);
  if (!user) return null;

  const today = todayIn(Date.now(), zone);
  const view = viewFromParams(params, today);
  const setView = (next: ReportView) => setParams(viewToParams(next), { replace: true });
  const tabs = tabsFor(settings, user.role);
  const requested = shownTab;
  const search = params.toString() ? `?${params.toString()}` : '';

  if (requested === 'tickets' && !tabs.includes('tickets'))
    return (
      <Alert color="gray" icon={<IconLock size={18} />} data-testid="report-tickets-off">
        {t('state.ticketsOff')}
      </Alert>
    );
  const tab = tabs.find((candidate) => candidate === requested);
  if (!tab) return <Navigate to={`/report${search}`} replace />;

  const query = reportQuery(view, tab);
  const props = { view, query, compact };
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', {
          range: rangeLabel(view.from, view.to, currentLanguage()),
          zone: zoneLabel(zone),
        })}
        actions={<ExportMenu view={view} tab={tab} />}
      />
      <ReportControls
        view={view}
        onChange={setView}
        today={today}
        viewer={user}
        compact={compact}
      />
      <Tabs
        value={tab}
        onChange={(next) => next && void navigate(`${tabPath(next as ReportTab)}${search}`)}
        keepMounted={false}
        mb="lg"
      >
        <ScrollArea type="never" offsetScrollbars={false}>
          <Tabs.List aria-label={t('tabs.label')} style={{ flexWrap: 'nowrap' }}>
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name} data-testid={`report-tab-${name}`}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      <div>
        {tab === 'overview' && <OverviewTab {...props} />}
        {tab === 'agents' && <AgentsTab {...props} />}
        {tab === 'channels' && <ChannelsTab {...props} />}
        {tab === 'labels' && <LabelsTab {...props} />}
        {tab === 'tickets' && <TicketsTab {...props} canSetTargets={user.role === 'admin'} />}
        {tab === 'broadcasts' && <BroadcastsTab {...props} />}
        {tab === 'usage' && <UsageTab {...props} />}
        {tab === 'csat' && <CsatTab {...props} />}
      </div>
    </Stack>
  );
}
