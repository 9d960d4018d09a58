import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, tooManyAttemptsMessage } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { makeUser } from '../../test/fixtures';
import { makeSession, renderScreen } from '../shared/test-utils';
import { LoginPage } from './LoginPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const post = vi.mocked(api.post);

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  let session: ReturnType<typeof makeSession>;
  beforeEach(async () => {
    await setLanguage('en');
    post.mockReset();
    session = makeSession({ status: 'anonymous', token: null, user: null });
    vi.mocked(useSession).mockReturnValue(session);
  });

  it('requires a well-formed email and a password before calling the server', async () => {
    renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('The email field is required')).toBeTruthy();
    expect(screen.getByText('The password field is required')).toBeTruthy();

    signIn('not-an-email', 'x');
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('says the spec sentence on a 401 and clears the password', async () => {
    post.mockRejectedValue(new HttpError({ status: 401, message: 'whatever the server said' }));
    renderScreen(<LoginPage />, { path: '/login' });
    signIn('sari@toko.id', 'Wrong123');
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(MESSAGES.loginFailed));
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('');
    expect(session.setToken).not.toHaveBeenCalled();
  });

  it("shows the server's rate-limit message on a 429, with its wait, in the user's language", async () => {
    const wait = tooManyAttemptsMessage(15, 'minute');
    post.mockRejectedValue(new HttpError({ status: 429, message: wait }));
    renderScreen(<LoginPage />, { path: '/login' });
    signIn('sari@toko.id', 'Wrong123');
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(wait));
    await setLanguage('id');
    signIn('sari@toko.id', 'Wrong123');
    await waitFor(() =>
      expect(notifyError).toHaveBeenLastCalledWith(
        'Terlalu banyak percobaan. Coba lagi dalam 15 menit.',
      ),
    );
  });

  it('stores the token, toasts and returns to the from= page', async () => {
    post.mockResolvedValue({ accessToken: 'new-token', user: makeUser() });
    renderScreen(<LoginPage />, { path: '/login', url: '/login?from=%2Fsetting%3Ftab%3Dx' });
    signIn('sari@toko.id', 'Rahasia123');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/setting?tab=x'));
    expect(post).toHaveBeenCalledWith('/auth/login', {
      body: { email: 'sari@toko.id', password: 'Rahasia123' },
    });
    expect(session.setToken).toHaveBeenCalledWith('new-token');
    expect(notifySuccess).toHaveBeenCalledWith(MESSAGES.successLogin);
  });

  it('never follows a from= that leaves the app', async () => {
    post.mockResolvedValue({ accessToken: 'new-token', user: makeUser() });
    renderScreen(<LoginPage />, { path: '/login', url: '/login?from=%2F%2Fevil.example' });
    signIn('sari@toko.id', 'Rahasia123');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('sends 2FA users to the PIN step without the success toast yet', async () => {
    post.mockResolvedValue({
      accessToken: 'pending-token',
      user: makeUser({ isTwoFactorAuthenticationEnabled: true }),
    });
    renderScreen(<LoginPage />, { path: '/login', url: '/login?from=%2Fchat' });
    signIn('sari@toko.id', 'Rahasia123');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/login/2fa?from=%2Fchat'),
    );
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('welcomes a freshly activated account', () => {
    renderScreen(<LoginPage />, { path: '/login', url: '/login?activated=1' });
    expect(screen.getByTestId('login-activated').textContent).toContain(MESSAGES.accountActivated);
  });
});
