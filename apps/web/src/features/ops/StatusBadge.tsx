import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpsAccountStatus } from '@sapa/contracts';
import { OPS_NS } from './opsI18n';

const COLORS: Record<OpsAccountStatus, string> = {
  none: 'gray',
  trial: 'blue',
  active: 'green',
  expired: 'orange',
  suspended: 'red',
};

export function StatusBadge({ status }: { status: OpsAccountStatus }) {
  const { t } = useTranslation(OPS_NS);
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="ops-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
