import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type * as HttpModule from '../../../lib/http';
import { api, HttpError } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { InvoicePage } from './InvoicePage';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});

const get = vi.mocked(api.get);

describe('InvoicePage', () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
  });

  it('says an invoice of another company (404) does not exist, with the way back', async () => {
    get.mockRejectedValue(new HttpError({ status: 404, message: 'Invoice not found' }));
    renderScreen(<InvoicePage />, {
      path: '/setting/billing-invoice/:id',
      url: '/setting/billing-invoice/6f1f1c59-3f2f-4f43-9a8a-3d4f1b6c1a01',
    });
    expect(await screen.findByText('Invoice not found')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/billing/6f1f1c59-3f2f-4f43-9a8a-3d4f1b6c1a01');
    expect(screen.getByTestId('invoice-back').getAttribute('href')).toBe('/setting/billing');
  });

  it('offers a retry when the server fails', async () => {
    get.mockRejectedValue(new HttpError({ status: 500, message: 'Some error occured' }));
    renderScreen(<InvoicePage />, {
      path: '/setting/billing-invoice/:id',
      url: '/setting/billing-invoice/6f1f1c59-3f2f-4f43-9a8a-3d4f1b6c1a01',
    });
    expect(await screen.findByText('The invoice could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
