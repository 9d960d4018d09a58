import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as HttpModule from '../../../lib/http';
import { api } from '../../../lib/http';
import { fetchFile } from '../../../lib/download';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { LedgerSection } from './LedgerSection';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, api: { get: vi.fn() } };
});
vi.mock('../../../lib/download', () => ({
  fetchFile: vi.fn(async () => new Blob(['%PDF'])),
  saveBlob: vi.fn(),
}));
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const get = vi.mocked(api.get);

const ENTRIES = [
  {
    _id: '3',
    amount: -550,
    saldo: 99_450,
    kind: 'charge',
    orderId: 'conversation:c1:2026-01-16',
    description: 'Customer-initiated conversation',
    createdAt: '2026-01-15T17:30:00.000Z',
  },
  {
    _id: '2',
    amount: 100_000,
    saldo: 100_000,
    kind: 'topup',
    orderId: 'SAPA-260115-K7QX3M9TZP',
    description: 'Top-up',
    createdAt: '2026-01-15T16:30:00.000Z',
  },
];

describe('LedgerSection', () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    get.mockResolvedValue({ data: ENTRIES, meta: { total: 2, page: 1, perpage: 20 } });
    vi.mocked(fetchFile).mockClear();
  });

  it('lists each change with its sign, kind and balance; only order ids as references', async () => {
    renderScreen(<LedgerSection phone={false} />);
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows.map((r) => within(r).getByTestId('ledger-amount').textContent)).toEqual([
      '-Rp 550',
      '+Rp 100.000',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('SAPA-260115-K7QX3M9TZP')).toBeTruthy();
    expect(screen.queryByText(/conversation:c1/)).toBeNull();
    expect(screen.getByTestId('ledger-total').textContent).toBe('2 entries');
    expect(get).toHaveBeenLastCalledWith('/topup/saldo-history', {
      params: { kind: null, from: null, to: null, page: 1, perpage: 20 },
    });
  });

  it('filters by kind, and exports what is filtered as a PDF in the page language', async () => {
    renderScreen(<LedgerSection phone={false} />);
    await screen.findAllByTestId('ledger-row');
    fireEvent.click(screen.getByTestId('ledger-kind'));
    fireEvent.click(await screen.findByRole('option', { name: 'Top-up', hidden: true }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/topup/saldo-history', {
        params: { kind: 'topup', from: null, to: null, page: 1, perpage: 20 },
      }),
    );
    fireEvent.click(screen.getByTestId('ledger-export'));
    fireEvent.click(await screen.findByTestId('ledger-export-pdf'));
    await waitFor(() =>
      expect(fetchFile).toHaveBeenCalledWith(
        'topup/saldo-history-pdf',
        { kind: 'topup', from: null, to: null, lang: 'en' },
        'pdf',
      ),
    );
    fireEvent.click(screen.getByTestId('ledger-export'));
    fireEvent.click(await screen.findByTestId('ledger-export-csv'));
    await waitFor(() =>
      expect(fetchFile).toHaveBeenCalledWith(
        'topup/saldo-history-export',
        { kind: 'topup', from: null, to: null, format: 'csv' },
        'csv',
      ),
    );
  });

  it('says so when nothing matches the filters', async () => {
    get.mockResolvedValue({ data: [], meta: { total: 0, page: 1, perpage: 20 } });
    await setLanguage('id');
    renderScreen(<LedgerSection phone />);
    expect(await screen.findByText('Belum ada perubahan saldo')).toBeTruthy();
  });
});
