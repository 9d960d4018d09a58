import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCurrency, type Invoice, type InvoiceParty } from '@sapa/contracts';
import type { Language } from '../../../../lib/i18n';
import { invoiceDate, lineText, ppnLabelRate, taxBaseFraction } from '../invoiceText';
import classes from '../invoice.module.css';

function Party({ party, strong }: { party: InvoiceParty; strong?: boolean }) {
  return (
    <Stack gap={2}>
      <Text fw={700} size={strong ? 'lg' : 'md'}>
        {party.name}
      </Text>
      {party.address && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {party.address}
        </Text>
      )}
      {party.npwp && <Text size="sm">NPWP {party.npwp}</Text>}
      {party.email && (
        <Text size="sm" c="dimmed">
          {party.email}
        </Text>
      )}
    </Stack>
  );
}

/** The invoice as a document, laid out like its PDF: what a buyer files and prints. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('invoices');
  const lng: Language = i18n.language === 'id' ? 'id' : 'en';
  const refunded = invoice.status === 'refunded';
  const fraction = taxBaseFraction(invoice.ppnRate);
  const paidOn = invoiceDate(invoice.paidAt, lng);

  return (
    <Box className={classes.paper} data-testid="invoice-document" lang={lng}>
      <Stack gap={28}>
        <Group justify="space-between" align="flex-start" gap="lg">
          <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Party party={invoice.seller} strong />
          </Box>
          <div className={classes.heading}>
            <Text className={classes.title} component="h1" m={0}>
              {t('doc.title')}
            </Text>
            <Text fw={700} data-testid="invoice-number">
              {invoice.number}
            </Text>
            <Text size="sm" c="dimmed">
              {invoiceDate(invoice.issuedAt, lng)}
            </Text>
          </div>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={28}>
          <Stack gap={6}>
            <Text className={classes.sectionLabel}>{t('doc.billedTo')}</Text>
            <Party party={invoice.buyer} />
          </Stack>
          <Stack gap={6}>
            <Text className={classes.sectionLabel}>{t('doc.payment')}</Text>
            <dl className={classes.pairs}>
              <dt>{t('doc.number')}</dt>
              <dd>{invoice.number}</dd>
              <dt>{t('doc.date')}</dt>
              <dd>{invoiceDate(invoice.issuedAt, lng)}</dd>
              <dt>{t('doc.orderId')}</dt>
              <dd>{invoice.orderId}</dd>
              <dt>{t('doc.method')}</dt>
              <dd>{invoice.paymentMethod ?? '-'}</dd>
              <dt>{t('doc.paidOn')}</dt>
              <dd>{paidOn}</dd>
              <dt>{t('doc.status')}</dt>
              <dd>
                <Text span fw={700} size="sm" c={refunded ? 'red.7' : 'sapa.8'}>
                  {t(refunded ? 'status.refunded' : 'status.paid')}
                </Text>
              </dd>
              {invoice.taxInvoiceNumber && (
                <>
                  <dt>{t('doc.nsfp')}</dt>
                  <dd data-testid="invoice-nsfp">
                    <Text span fw={700} size="sm">
                      {invoice.taxInvoiceNumber}
                    </Text>
                  </dd>
                </>
              )}
            </dl>
          </Stack>
        </SimpleGrid>

        <Box style={{ overflowX: 'auto' }}>
          <table className={classes.lines}>
            <thead>
              <tr>
                <th>{t('doc.description')}</th>
                <th className={`${classes.num} ${classes.optional}`}>{t('doc.quantity')}</th>
                <th className={`${classes.num} ${classes.optional}`}>{t('doc.unitPrice')}</th>
                <th className={classes.num}>{t('doc.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, i) => (
                <tr key={i}>
                  <td>{lineText(line.item, t, lng)}</td>
                  <td className={`${classes.num} ${classes.optional}`}>{line.quantity}</td>
                  <td className={`${classes.num} ${classes.optional}`}>
                    {formatCurrency(line.unitPrice)}
                  </td>
                  <td className={classes.num}>{formatCurrency(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>

        <Group justify="space-between" align="center" gap="lg" wrap="wrap-reverse">
          <Box px="md">
            <span
              className={`${classes.stamp} ${refunded ? classes.refunded : classes.paid}`}
              data-testid="invoice-stamp"
            >
              {t(refunded ? 'doc.stampRefunded' : 'doc.stampPaid')}
            </span>
          </Box>
          <div className={classes.totals} data-testid="invoice-totals">
            <div className={classes.totalRow}>
              <span>{t('doc.subtotal')}</span>
              <span>{formatCurrency(invoice.subtotal)}</span>
            </div>
            <div className={classes.totalRow}>
              <span>{fraction ? `${t('doc.taxBase')} ${fraction}` : t('doc.taxBase')}</span>
              <span>{formatCurrency(invoice.taxBase)}</span>
            </div>
            <div className={classes.totalRow}>
              <span>{t('doc.ppn', { rate: ppnLabelRate(invoice.ppnRate) })}</span>
              <span>{formatCurrency(invoice.ppn)}</span>
            </div>
            <div className={classes.grandTotal}>
              <span>{t('doc.total')}</span>
              <span data-testid="invoice-total">{formatCurrency(invoice.total)}</span>
            </div>
          </div>
        </Group>

        <Stack gap={4}>
          <Text size="sm">
            {invoice.paymentMethod
              ? t('doc.paidNote', { method: invoice.paymentMethod, date: paidOn })
              : t('doc.paidNoteNoMethod', { date: paidOn })}
          </Text>
          {refunded && (
            <Text size="sm" c="red.7">
              {t('doc.refundedNote')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {invoice.taxInvoiceNumber
              ? t('doc.taxNote', { nsfp: invoice.taxInvoiceNumber })
              : t('doc.taxPending')}
          </Text>
        </Stack>

        <Box className={classes.footer}>
          <Text size="xs" c="dimmed">
            {t('doc.currency')} {t('doc.electronic')}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {[invoice.seller.name, invoice.seller.email].filter(Boolean).join(' · ')}
          </Text>
        </Box>
      </Stack>
    </Box>
  );
}
