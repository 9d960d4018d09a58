import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronDown,
  IconDownload,
  IconFileOff,
  IconPrinter,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Invoice } from '@sapa/contracts';
import { notifyError } from '../../../lib/notify';
import { LANGUAGES, type Language } from '../../../lib/i18n';
import { httpStatus } from '../../shared/forms';
import { EmptyState } from '../../shared/QueryState';
import { downloadInvoicePdf, useInvoice, useInvoiceUpdates } from './api';
import { InvoiceDocument } from './components/InvoiceDocument';

const BACK = '/setting/billing';

/** While the invoice page is open, printing leaves the app's chrome out (invoice.module.css). */
function usePrintableBody() {
  useEffect(() => {
    document.body.classList.add('invoice-print');
    return () => document.body.classList.remove('invoice-print');
  }, []);
}

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('invoices');
  const [busy, setBusy] = useState(false);
  const current: Language = i18n.language === 'id' ? 'id' : 'en';
  const download = async (lang: Language) => {
    setBusy(true);
    try {
      await downloadInvoicePdf(invoice, lang);
    } catch {
      notifyError(t('list.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button.Group>
      <Button
        leftSection={<IconDownload size={16} />}
        loading={busy}
        onClick={() => void download(current)}
        data-testid="invoice-download"
      >
        {t('invoicePage.download')}
      </Button>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button px={8} aria-label={t('invoicePage.download')} disabled={busy}>
            <IconChevronDown size={16} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {LANGUAGES.map((lang) => (
            <Menu.Item
              key={lang}
              onClick={() => void download(lang)}
              data-testid={`invoice-download-${lang}`}
            >
              {t('invoicePage.downloadIn', { language: t(`invoicePage.languages.${lang}`) })}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Button.Group>
  );
}

/** /setting/billing-invoice/:id — one invoice as a printable page, with its PDF. */
export function InvoicePage() {
  const { t } = useTranslation('invoices');
  const { id = '' } = useParams();
  const query = useInvoice(id);
  useInvoiceUpdates();
  usePrintableBody();

  const back = (
    <Button
      component={Link}
      to={BACK}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      data-testid="invoice-back"
    >
      {t('invoicePage.back')}
    </Button>
  );

  if (query.isPending)
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  if (query.isError) {
    const status = httpStatus(query.error);
    if (status === 404 || status === 400)
      return (
        <Stack maw={520} mx="auto" data-testid="invoice-not-found">
          <EmptyState
            icon={<IconFileOff size={28} />}
            title={t('invoicePage.notFoundTitle')}
            text={t('invoicePage.notFoundText')}
            action={back}
          />
        </Stack>
      );
    return (
      <Alert color="red" variant="light" maw={880} mx="auto">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('invoicePage.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('invoicePage.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={880} w="100%" mx="auto">
      <Group justify="space-between" gap="sm" data-print="hide">
        {back}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            data-testid="invoice-print"
          >
            {t('invoicePage.print')}
          </Button>
          <DownloadButton invoice={query.data} />
        </Group>
      </Group>
      <InvoiceDocument invoice={query.data} />
    </Stack>
  );
}
