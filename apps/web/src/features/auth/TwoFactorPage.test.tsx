import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tooManyAttemptsMessage } from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { makeSession, renderScreen } from '../shared/test-utils';
import { TwoFactorPage } from './TwoFactorPage';

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

function typePin(pin: string) {
  pin
    .split('')
    .forEach((digit, i) =>
      fireEvent.change(screen.getByTestId(`pin-input-${i}`), { target: { value: digit } }),
    );
}

describe('TwoFactorPage', () => {
  beforeEach(async () => {
    await setLanguage('en');
    post.mockReset();
    vi.mocked(useSession).mockReturnValue(makeSession({ status: 'ready' }));
  });

  it("shows a 429's wait under the PIN and as a toast, in the user's language", async () => {
    await setLanguage('id');
    post.mockRejectedValue(
      new HttpError({ status: 429, message: tooManyAttemptsMessage(15, 'minute') }),
    );
    renderScreen(<TwoFactorPage />, { path: '/login/2fa' });
    typePin('123456');
    const text = 'Terlalu banyak percobaan. Coba lagi dalam 15 menit.';
    expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(text));
    expect(post).toHaveBeenCalledWith('/auth/2fa/validate', { body: { pin: '123456' } });
  });
});
