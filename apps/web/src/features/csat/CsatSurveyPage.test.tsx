import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicCsat } from '@sapa/contracts';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { renderScreen } from '../shared/test-utils';
import { CsatSurveyPage } from './CsatSurveyPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const TOKEN = 'T'.repeat(43);

const survey = (over: Partial<PublicCsat> = {}): PublicCsat => ({
  status: 'open',
  language: 'id',
  business: 'Toko Sari',
  channel: 'whatsapp',
  expiresAt: '2026-12-09T03:00:00.000Z',
  rating: null,
  comment: null,
  answeredAt: null,
  ...over,
});

const open = () =>
  renderScreen(<CsatSurveyPage />, { path: '/csat/:token', url: `/csat/${TOKEN}` });

describe('the public survey page', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('starts in the language the survey was sent in, and switches on request', async () => {
    get.mockResolvedValue(survey());
    open();
    expect(
      await screen.findByText('Bagaimana penilaian Anda atas bantuan yang Anda terima?'),
    ).toBeTruthy();
    expect(
      screen.getByText('Anda dapat menjawab hingga 9 Desember 2026.', { exact: false }),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByText('How would you rate the help you received?')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '4 · Good' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`/public/csat/${TOKEN}`, expect.anything());
  });

  it('sends one rating with the trimmed comment, then thanks the customer', async () => {
    get.mockResolvedValue(survey({ language: 'en' }));
    post.mockResolvedValue(
      survey({ language: 'en', status: 'answered', rating: 4, comment: 'Fast, thanks' }),
    );
    open();
    const submit = (await screen.findByTestId('csat-submit')) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('csat-rating-4'));
    expect(screen.getByTestId('csat-rating-4').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByTestId('csat-comment'), { target: { value: '  Fast, thanks  ' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/public/csat/${TOKEN}`, {
        body: { rating: 4, comment: 'Fast, thanks' },
      }),
    );
    expect(await screen.findByText('Thank you for your feedback!')).toBeTruthy();
    expect(screen.getByTestId('csat-given').textContent).toBe('Your rating: 4 of 5 · Good');
    expect(screen.getByTestId('csat-given-comment').textContent).toBe('“Fast, thanks”');
  });

  it('says so when the survey was answered, expired, or the link is wrong', async () => {
    get.mockResolvedValueOnce(survey({ status: 'answered', rating: 2, language: 'en' }));
    const first = open();
    expect(await screen.findByTestId('csat-answered')).toBeTruthy();
    expect(screen.getByTestId('csat-given').textContent).toBe('Your rating: 2 of 5 · Poor');
    first.unmount();

    get.mockResolvedValueOnce(survey({ status: 'expired' }));
    const second = open();
    expect(await screen.findByText('Survei ini sudah kedaluwarsa')).toBeTruthy();
    second.unmount();

    get.mockRejectedValueOnce(
      new HttpError({ status: 404, message: 'This survey link is not valid' }),
    );
    open();
    expect(await screen.findByTestId('csat-not-found')).toBeTruthy();
  });

  it('after a refused submit (answered meanwhile) shows the survey as it now is', async () => {
    get
      .mockResolvedValueOnce(survey({ language: 'en' }))
      .mockResolvedValueOnce(survey({ language: 'en', status: 'answered', rating: 5 }));
    post.mockRejectedValue(new HttpError({ status: 409, message: 'already' }));
    open();
    fireEvent.click(await screen.findByTestId('csat-rating-5'));
    fireEvent.click(screen.getByTestId('csat-submit'));
    expect(await screen.findByTestId('csat-answered')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
