import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@sapa/contracts';
import type * as HttpModule from '../../../lib/http';
import { api, HttpError } from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { renderScreen } from '../../shared/test-utils';
import { PasswordCard } from './PasswordCard';

vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const patch = vi.mocked(api.patch);

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByTestId('password-current'), { target: { value: current } });
  fireEvent.change(screen.getByTestId('password-new'), { target: { value: next } });
  fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('password-submit'));
}

describe('PasswordCard', () => {
  beforeEach(async () => {
    await setLanguage('en');
    patch.mockReset();
  });

  it('requires the current password and a strong new one', async () => {
    renderScreen(<PasswordCard email="sari@toko.id" />);
    fill('', 'short', 'short');
    expect(await screen.findByText('The current password field is required')).toBeTruthy();
    expect(screen.getByText('The new password field must be at least 8 characters')).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();
  });

  it("toasts the spec's mismatch sentence and marks the confirmation", async () => {
    renderScreen(<PasswordCard email="sari@toko.id" />);
    fill('Lama1234', 'Baru12345', 'Baru12346');
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(notifyError).toHaveBeenCalledWith(MESSAGES.passwordMismatchToast);
    expect(patch).not.toHaveBeenCalled();
  });

  it('changes the password and clears the form', async () => {
    patch.mockResolvedValue({ ok: true });
    renderScreen(<PasswordCard email="sari@toko.id" />);
    fill('Lama1234', 'Baru12345', 'Baru12345');
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(MESSAGES.passwordChanged));
    expect(patch).toHaveBeenCalledWith('/users/me/password', {
      body: { current_password: 'Lama1234', password: 'Baru12345', confirm_password: 'Baru12345' },
    });
    expect((screen.getByTestId('password-new') as HTMLInputElement).value).toBe('');
  });

  it('marks a wrong current password on its field', async () => {
    patch.mockRejectedValue(
      new HttpError({
        status: 400,
        message: MESSAGES.currentPasswordWrong,
        issues: [{ path: 'current_password', message: MESSAGES.currentPasswordWrong }],
      }),
    );
    renderScreen(<PasswordCard email="sari@toko.id" />);
    fill('Salah1234', 'Baru12345', 'Baru12345');
    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeTruthy();
  });
});
