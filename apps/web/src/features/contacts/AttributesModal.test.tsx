import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@sapa/contracts';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { renderScreen } from '../shared/test-utils';
import { AttributesModal } from './AttributesModal';

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
const del = vi.mocked(api.delete);
const tier = {
  _id: 'a1',
  key: 'tier',
  label: 'Customer tier',
  type: 'text',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const errorOf = (el: HTMLElement) => {
  const id = el
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((d) => d.endsWith('error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('AttributesModal', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    post.mockReset();
    del.mockReset();
    get.mockResolvedValue({ data: [tier] });
  });

  it('checks the key format in the browser before sending', async () => {
    renderScreen(<AttributesModal opened onClose={() => undefined} />);
    await screen.findByText('Customer tier');
    fireEvent.change(input('attribute-label'), { target: { value: 'City' } });
    fireEvent.change(input('attribute-key'), { target: { value: 'City Name' } });
    fireEvent.click(screen.getByTestId('attribute-save'));
    await waitFor(() =>
      expect(errorOf(input('attribute-key'))).toBe(
        'The key may only contain lowercase letters, numbers and _',
      ),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('a taken key (409) is shown on the key field', async () => {
    post.mockRejectedValue(new HttpError({ status: 409, message: MESSAGES.attributeKeyTaken }));
    renderScreen(<AttributesModal opened onClose={() => undefined} />);
    await screen.findByText('Customer tier');
    fireEvent.change(input('attribute-label'), { target: { value: 'Tier 2' } });
    fireEvent.change(input('attribute-key'), { target: { value: 'tier' } });
    fireEvent.click(screen.getByTestId('attribute-save'));
    await waitFor(() => expect(errorOf(input('attribute-key'))).toBe(MESSAGES.attributeKeyTaken));
    expect(post).toHaveBeenCalledWith('contacts/attributes', {
      body: { key: 'tier', label: 'Tier 2', type: 'text' },
    });
  });

  it('deletes only after confirming', async () => {
    del.mockResolvedValue(undefined);
    renderScreen(<AttributesModal opened onClose={() => undefined} />);
    await screen.findByText('Customer tier');
    const list = screen.getByTestId('attribute-list');
    fireEvent.click(within(list).getByRole('button', { name: 'Delete', hidden: true }));
    expect((await screen.findByTestId('confirm-message')).textContent).toContain('Customer tier');
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(del).toHaveBeenCalledWith('contacts/attributes/a1'));
  });
});
