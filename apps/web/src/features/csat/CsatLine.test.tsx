import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Message } from '@sapa/contracts';
import { setLanguage } from '../../lib/i18n';
import { renderScreen } from '../shared/test-utils';
import { makeMessage } from '../inbox/testFixtures';
import { MessageBubble } from '../inbox/components/MessageBubble';

const show = (message: Partial<Message>) =>
  renderScreen(<MessageBubble message={makeMessage(message)} />);

describe('a satisfaction survey in the conversation', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('the answer is a card: rating, face, comment and where it was given', () => {
    show({
      msgType: 'information',
      isSystem: true,
      fromMe: true,
      text: 'Customer rated 4/5: “Cepat”',
      payload: {
        csat: { kind: 'answer', surveyId: 's1', rating: 4, comment: 'Cepat', source: 'chat' },
      },
    });
    expect(screen.getByTestId('csat-answer-rating').textContent).toBe('Rated 4 of 5 · Good');
    expect(screen.getByTestId('csat-answer-comment').textContent).toBe('“Cepat”');
    expect(screen.getByText('Answered in the chat')).toBeTruthy();
    expect(screen.queryByTestId('message-system')).toBeNull();
  });

  it('a skipped survey says why in the agent’s language', async () => {
    await setLanguage('id');
    show({
      msgType: 'information',
      isSystem: true,
      text: 'Survey not sent: the 24-hour window had closed and no approved survey template exists',
      payload: {
        csat: { kind: 'skipped', surveyId: 's2', reason: 'window_closed_no_template' },
      },
    });
    expect(screen.getByTestId('csat-skipped').textContent).toContain(
      'Survei tidak dikirim: jendela 24 jam sudah tertutup dan belum ada template survei yang disetujui',
    );
  });

  it('the survey shows what the customer was asked; its follow-ups stay plain notes', () => {
    const { unmount } = show({
      isSystem: true,
      fromMe: true,
      text: 'Thank you for contacting Toko Sari! How would you rate the help you received?',
      payload: { csat: { kind: 'survey', surveyId: 's3', via: 'interactive' } },
    });
    expect(screen.getByTestId('csat-survey').textContent).toContain(
      'How would you rate the help you received?',
    );
    expect(screen.getByText('The customer can choose a rating from 1 to 5')).toBeTruthy();
    unmount();
    show({
      isSystem: true,
      fromMe: true,
      text: 'Thank you for your feedback!',
      payload: { csat: { kind: 'thanks', surveyId: 's3' } },
    });
    expect(screen.getByTestId('message-system').textContent).toContain(
      'Thank you for your feedback!',
    );
  });
});
