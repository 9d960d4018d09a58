import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@sapa/contracts';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { renderScreen } from '../shared/test-utils';
import { RegisterPage } from './RegisterPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const post = vi.mocked(api.post);

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function fillValid() {
  fill('register-name', 'Sari Wulandari');
  fill('register-company', 'Toko Sari');
  fill('register-email', 'Sari@Toko.id');
  fill('register-phone', '6281234567890');
  fill('register-password', 'Rahasia123');
  fill('register-confirm-password', 'Rahasia123');
}

const submit = () => fireEvent.click(screen.getByTestId('register-submit'));

describe('RegisterPage', () => {
  beforeEach(async () => {
    await setLanguage('en');
    post.mockReset();
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows the contract messages for every empty field and does not call the server', async () => {
    renderScreen(<RegisterPage />, { path: '/register' });
    submit();
    expect(await screen.findByText('The name field is required')).toBeTruthy();
    expect(screen.getByText('The company field is required')).toBeTruthy();
    expect(screen.getByText('The email field is required')).toBeTruthy();
    expect(screen.getByText('The phone number field is required')).toBeTruthy();
    expect(screen.getByText('The password field is required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('checks name length, phone digits, password strength and the confirmation', async () => {
    renderScreen(<RegisterPage />, { path: '/register' });
    fillValid();
    fill('register-name', 'Sar');
    fill('register-phone', '0812-abc');
    fill('register-password', 'rahasia123');
    fill('register-confirm-password', 'something else');
    submit();
    expect(await screen.findByText('The name field must be at least 4 characters')).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidPhone)).toBeTruthy();
    expect(
      screen.getByText(
        'The password field must contain at least one number and one uppercase letter',
      ),
    ).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('speaks Indonesian when the interface does', async () => {
    await setLanguage('id');
    renderScreen(<RegisterPage />, { path: '/register' });
    submit();
    expect(await screen.findByText('Kolom nama wajib diisi')).toBeTruthy();
    expect(screen.getByText('Kolom nomor telepon wajib diisi')).toBeTruthy();
  });

  it('registers, toasts and goes to the confirmation page with the email', async () => {
    post.mockResolvedValue({ ok: true });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillValid();
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/users/register_confirmation?email=sari%40toko.id',
      ),
    );
    expect(post).toHaveBeenCalledWith('/users/register', {
      body: {
        name: 'Sari Wulandari',
        company: 'Toko Sari',
        email: 'sari@toko.id',
        phone_number: '6281234567890',
        password: 'Rahasia123',
        confirm_password: 'Rahasia123',
        language: 'en',
      },
    });
    expect(notifySuccess).toHaveBeenCalledWith(MESSAGES.registerCheckEmail);
  });

  it('puts the server 400 issues on their fields', async () => {
    post.mockRejectedValue(
      new HttpError({
        status: 400,
        message: MESSAGES.invalidEmail,
        code: 'VALIDATION',
        issues: [{ path: 'email', message: MESSAGES.invalidEmail }],
      }),
    );
    renderScreen(<RegisterPage />, { path: '/register' });
    fillValid();
    submit();
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(notifyError).toHaveBeenCalledWith(MESSAGES.invalidEmail);
  });

  it("falls back to the spec's wording when the server fails", async () => {
    post.mockRejectedValue(new HttpError({ status: 500, message: MESSAGES.serverNotResponding }));
    renderScreen(<RegisterPage />, { path: '/register' });
    fillValid();
    submit();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(MESSAGES.registerError));
    expect(screen.getByTestId('register-submit')).toBeTruthy();
  });
});
