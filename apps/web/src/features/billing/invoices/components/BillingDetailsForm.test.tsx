import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BillingProfile } from '@sapa/contracts';
import type * as HttpModule from '../../../../lib/http';
import { api, HttpError } from '../../../../lib/http';
import { setLanguage } from '../../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { renderScreen } from '../../../shared/test-utils';
import { BillingDetailsForm, bodyOf } from './BillingDetailsForm';

vi.mock('../../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const put = vi.mocked(api.put);
const profile: BillingProfile = {
  companyName: 'Toko Sari',
  address: '',
  npwp: null,
  email: null,
  lowBalanceThreshold: null,
};

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('BillingDetailsForm', () => {
  beforeEach(async () => {
    await setLanguage('en');
    put.mockReset();
    vi.mocked(notifySuccess).mockReset();
    vi.mocked(notifyError).mockReset();
  });

  it('sends the details, with empty optional fields as none', async () => {
    put.mockResolvedValue({ ...profile, companyName: 'PT Toko Sari', npwp: '0123456789012345' });
    renderScreen(<BillingDetailsForm profile={profile} canEdit />);
    type('billing-company', 'PT Toko Sari');
    type('billing-npwp', '0123.4567.8901.2345');
    fireEvent.click(screen.getByTestId('billing-save'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/billing/profile', {
      body: {
        companyName: 'PT Toko Sari',
        address: '',
        npwp: '0123.4567.8901.2345',
        email: null,
        lowBalanceThreshold: null,
      },
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Billing details saved'));
  });

  it('stops a wrong NPWP before sending, in the reader’s language', async () => {
    await setLanguage('id');
    renderScreen(<BillingDetailsForm profile={profile} canEdit />);
    type('billing-npwp', '12345');
    fireEvent.click(screen.getByTestId('billing-save'));
    expect(await screen.findByText('NPWP harus 16 digit')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('puts the server’s field issues under their fields', async () => {
    put.mockRejectedValue(
      new HttpError({
        status: 400,
        message: 'Validation failed',
        issues: [{ path: 'email', message: 'The value is not a valid email address' }],
      }),
    );
    renderScreen(<BillingDetailsForm profile={profile} canEdit />);
    type('billing-company', 'PT Toko Sari');
    fireEvent.click(screen.getByTestId('billing-save'));
    expect(await screen.findByText('The value is not a valid email address')).toBeTruthy();
    expect(notifyError).toHaveBeenCalled();
  });

  it('is read-only for supervisors', () => {
    renderScreen(<BillingDetailsForm profile={profile} canEdit={false} />);
    expect(screen.getByText('Only an admin can change the billing details.')).toBeTruthy();
    expect((screen.getByTestId('billing-company') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('billing-save')).toBeNull();
  });
});

describe('bodyOf', () => {
  it('reads an emptied threshold as the default and keeps a number', () => {
    const base = { companyName: 'A', address: '', npwp: ' ', email: '', lowBalanceThreshold: '' };
    expect(bodyOf(base)).toMatchObject({ npwp: null, email: null, lowBalanceThreshold: null });
    expect(bodyOf({ ...base, lowBalanceThreshold: 50000 }).lowBalanceThreshold).toBe(50000);
  });
});
