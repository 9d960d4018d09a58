import { Anchor, Table, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../../lib/config';
import { SectionCard } from '../../shared/SectionCard';
import { managedRows } from '../managedSettings';

/** The plan's limits and prices as the platform set them for this account (read-only). */
export function ManagedSettingsCard({
  settings,
}: {
  settings: Readonly<Record<string, string | null>>;
}) {
  const { t } = useTranslation('settings');
  const rows = managedRows(settings);

  return (
    <SectionCard
      title={t('managed.title')}
      description={
        <Trans
          t={t}
          i18nKey="managed.description"
          values={{ email: SUPPORT_EMAIL }}
          components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit /> }}
        />
      }
      testId="managed-settings"
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('managed.empty')}
        </Text>
      ) : (
        <Table verticalSpacing={8} fz="sm">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td c="dimmed" pl={0}>
                  {/* Keys contain dots, so i18next must not read them as a path. */}
                  {t(`managed>keys>${row.key}`, { keySeparator: '>', defaultValue: row.key })}
                </Table.Td>
                <Table.Td ta="right" fw={500} pr={0}>
                  {row.labelKey ? t(row.labelKey) : row.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}
