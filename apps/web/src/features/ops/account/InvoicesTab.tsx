import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type OpsAccountDetail } from '@sapa/contracts';
import { formatDate } from '../../../lib/datetime';
import { formatCurrency } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { opsApi, useAccountAction } from '../api';
import { OPS_NS, OPS_ZONE } from '../opsI18n';

/** 17 digits, shown as Coretax prints them: 010.000-26.00000001 0 → grouped for reading. */
function groupNsfp(v: string): string {
  return v.length === 17 ? `${v.slice(0, 3)}.${v.slice(3, 6)}-${v.slice(6, 8)}.${v.slice(8)}` : v;
}

export function InvoicesTab({ detail }: { detail: OpsAccountDetail }) {
  const { t } = useTranslation(OPS_NS);
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const action = useAccountAction(detail.account.id, (invoiceId: string) =>
    opsApi.taxInvoiceNumber(invoiceId, value.replace(/[\s.-]/g, '') || null),
  );
  if (detail.invoices.length === 0)
    return (
      <Card withBorder radius="md">
        <Text c="dimmed" size="sm">
          {t('invoices.empty')}
        </Text>
      </Card>
    );
  return (
    <Card withBorder radius="md" p={0}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" data-testid="ops-invoices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.number')}</Table.Th>
              <Table.Th>{t('invoices.date')}</Table.Th>
              <Table.Th ta="right">{t('invoices.total')}</Table.Th>
              <Table.Th>{t('invoices.nsfp')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.invoices.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {inv.number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {inv.orderId}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(inv.issuedAt, { timeZone: OPS_ZONE })}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatCurrency(inv.total)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('invoices.ppn', { ppn: formatCurrency(inv.ppn) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {editing === inv.id ? (
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        size="xs"
                        w={200}
                        value={value}
                        placeholder="01000026000000010"
                        onChange={(e) => setValue(e.currentTarget.value)}
                        aria-label={t('invoices.nsfp')}
                        autoFocus
                      />
                      <Button
                        size="xs"
                        loading={action.isPending}
                        onClick={() =>
                          action.mutate(inv.id, {
                            onSuccess: () => {
                              notifySuccess(t('invoices.saved'));
                              setEditing(null);
                            },
                            onError: (err) => notifyError(errorText(err)),
                          })
                        }
                      >
                        {t('save')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                        {t('cancel')}
                      </Button>
                    </Group>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Text
                        size="sm"
                        c={inv.taxInvoiceNumber ? undefined : 'dimmed'}
                        ff="monospace"
                      >
                        {inv.taxInvoiceNumber
                          ? groupNsfp(inv.taxInvoiceNumber)
                          : t('invoices.none')}
                      </Text>
                      <Tooltip label={t('invoices.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('invoices.edit')}
                          onClick={() => {
                            setEditing(inv.id);
                            setValue(inv.taxInvoiceNumber ?? '');
                          }}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" p="md">
        {t('invoices.hint')}
      </Text>
    </Card>
  );
}
