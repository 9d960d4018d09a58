import { useEffect } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCalendarOff,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SendState } from '@sapa/contracts';
import { formatCurrency } from '../../lib/format';
import { useSession } from '../../app/session';
import { usePricingStanding } from './api';

type Shown = Exclude<SendState, 'ok'>;

const LOOK: Record<Shown, { color: string; icon: Icon }> = {
  low: { color: 'yellow', icon: IconWallet },
  insufficient: { color: 'red', icon: IconAlertTriangle },
  expired: { color: 'orange', icon: IconCalendarOff },
  suspended: { color: 'gray', icon: IconBan },
};

const BANNER_ID = 'sapa-balance-banner';
const HEIGHT_VAR = '--sapa-banner-h';

/**
 * Publishes the banner's height as a CSS variable, so pages that fill the screen (the inbox)
 * leave room for it instead of pushing their bottom edge (the composer) out of view.
 */
function useBannerHeight(shown: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const banner = shown ? document.getElementById(BANNER_ID) : null;
    if (!banner || typeof ResizeObserver === 'undefined') {
      root.style.removeProperty(HEIGHT_VAR);
      return;
    }
    const publish = () => root.style.setProperty(HEIGHT_VAR, `${banner.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(banner);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, [shown]);
}

/**
 * The app shell's money banner for admins and supervisors: a low or insufficient balance (live,
 * through `balance.updated`), an expired plan or a suspended account, with the way out.
 */
export function BalanceBanner() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const role = user?.role;
  const manager = role === 'admin' || role === 'supervisor';
  const { data } = usePricingStanding(manager);
  const state: SendState = manager && data ? data.state : 'ok';
  useBannerHeight(state !== 'ok');
  if (!data || state === 'ok') return null;
  const { color, icon: StateIcon } = LOOK[state];
  const action =
    role !== 'admin'
      ? null
      : state === 'low' || state === 'insufficient'
        ? { to: '/top-up', label: t('balanceBanner.topUp') }
        : state === 'expired'
          ? { to: '/renewal', label: t('balanceBanner.renew') }
          : null;
  return (
    <Alert
      id={BANNER_ID}
      color={color}
      variant="light"
      radius={0}
      icon={<StateIcon size={20} stroke={1.8} />}
      title={t(`balanceBanner.title_${state}`)}
      data-testid="balance-banner"
      data-state={state}
      styles={{ root: { borderBottom: `1px solid var(--mantine-color-${color}-2)` } }}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 320px' }}>
          {t(`balanceBanner.${state}`, {
            saldo: formatCurrency(data.saldo),
            threshold: formatCurrency(data.lowBalanceThreshold),
            minimum: formatCurrency(data.minimumBalance),
          })}
        </Text>
        {action && (
          <Button
            component={Link}
            to={action.to}
            size="xs"
            color={color === 'yellow' ? 'teal' : color}
            data-testid="balance-banner-action"
          >
            {action.label}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
