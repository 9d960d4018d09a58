import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@sapa/contracts';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { renderScreen } from '../shared/test-utils';
import { ContactFormModal } from './ContactFormModal';
import { makeContact } from './testFixtures';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((d) => d.endsWith('error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('ContactFormModal', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    post.mockReset();
    patch.mockReset();
    get.mockImplementation(async (path: string) => {
      if (path === 'labels') return { data: [], total: 0 };
      if (path === 'contacts/attributes') {
        return {
          data: [
            {
              _id: 'a1',
              key: 'tier',
              label: 'Customer tier',
              type: 'text',
              createdAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        };
      }
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('checks the contract in the browser: name required, email must be valid', async () => {
    renderScreen(<ContactFormModal opened contact={null} onClose={() => undefined} />);
    fireEvent.change(field('contact-form-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('contact-form-save'));
    await waitFor(() =>
      expect(errorOf(field('contact-form-name'))).toBe('The name field is required'),
    );
    expect(errorOf(field('contact-form-email'))).toBe('The value is not a valid email address');
    expect(post).not.toHaveBeenCalled();
  });

  it("puts the server's messages on their fields, including custom attributes", async () => {
    post.mockRejectedValue(
      new HttpError({
        status: 400,
        message: 'The phone number is not valid',
        issues: [
          { path: 'phone', message: 'The phone number is not valid' },
          { path: 'attributes.tier', message: 'The tier may not be greater than 500 characters' },
        ],
      }),
    );
    renderScreen(<ContactFormModal opened contact={null} onClose={() => undefined} />);
    fireEvent.change(field('contact-form-name'), { target: { value: 'Budi' } });
    fireEvent.change(field('contact-form-phone'), { target: { value: '12' } });
    fireEvent.change(await screen.findByTestId('contact-attr-tier'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('contact-form-save'));
    await waitFor(() =>
      expect(errorOf(field('contact-form-phone'))).toBe('The phone number is not valid'),
    );
    expect(errorOf(field('contact-attr-tier'))).toBe(
      'The tier may not be greater than 500 characters',
    );
    expect(post).toHaveBeenCalledWith('contacts', {
      body: { name: 'Budi', phone: '12', notes: '', attributes: { tier: 'x' }, labels: [] },
    });
  });

  it('a phone that belongs to another contact (409) is shown on the phone field', async () => {
    patch.mockRejectedValue(new HttpError({ status: 409, message: MESSAGES.contactPhoneTaken }));
    renderScreen(<ContactFormModal opened contact={makeContact()} onClose={() => undefined} />);
    // The canonical phone is shown the way people type it.
    expect(field('contact-form-phone').value).toBe('081234567890');
    fireEvent.change(field('contact-form-phone'), { target: { value: '0813 0000 0000' } });
    fireEvent.click(screen.getByTestId('contact-form-save'));
    await waitFor(() =>
      expect(errorOf(field('contact-form-phone'))).toBe(MESSAGES.contactPhoneTaken),
    );
    expect(patch.mock.calls[0]?.[0]).toBe('contacts/2b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a03');
  });

  it('shows the validation messages in Indonesian', async () => {
    await setLanguage('id');
    renderScreen(<ContactFormModal opened contact={null} onClose={() => undefined} />);
    fireEvent.click(screen.getByTestId('contact-form-save'));
    await waitFor(() => expect(errorOf(field('contact-form-name'))).toMatch(/wajib diisi/));
  });
});
