import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { Composer } from '../components/Composer';
import { MessageContent } from '../components/MessageContent';
import { makeMessage } from '../testFixtures';

const sentTemplate = {
  id: 'tpl-1',
  name: 'order_shipped',
  language: 'id',
  params: ['Budi', 'INV-42'],
  headerType: 'text',
  headerParam: 'Mei',
  headerText: 'Promo Mei',
  headerMediaUrl: null,
  footer: 'Toko Sari',
  buttons: [{ type: 'chat', label: 'Terima kasih' }],
};

describe('a template in the conversation', () => {
  beforeEach(() => setLanguage('en'));

  it('is marked as a template, with its header, footer and buttons around the text', () => {
    renderScreen(
      <MessageContent
        message={makeMessage({
          fromMe: true,
          text: 'Halo Budi, pesanan INV-42 sudah dikirim.',
          payload: { template: sentTemplate },
        })}
      />,
    );
    const bubble = screen.getByTestId('message-template');
    expect(bubble.getAttribute('data-template')).toBe('order_shipped');
    expect(bubble.textContent).toContain('Template · order_shipped');
    expect(bubble.textContent).toContain('Promo Mei');
    expect(bubble.textContent).toContain('Halo Budi, pesanan INV-42 sudah dikirim.');
    expect(bubble.textContent).toContain('Toko Sari');
    expect(bubble.textContent).toContain('Terima kasih');
  });

  it('leaves other text messages as they were', () => {
    renderScreen(<MessageContent message={makeMessage({ text: 'Biasa saja', payload: {} })} />);
    expect(screen.queryByTestId('message-template')).toBeNull();
    expect(screen.getByTestId('message-text').textContent).toBe('Biasa saja');
  });
});

describe("the composer's template action", () => {
  beforeEach(() => setLanguage('en'));

  it('is the call to action once the window has closed, an icon beside attach before', () => {
    const action = vi.fn((variant: 'button' | 'icon') => (
      <button type="button" data-testid={`slot-${variant}`}>
        {variant}
      </button>
    ));
    const { unmount } = renderScreen(
      <Composer windowClosed onSend={vi.fn()} templateAction={action} />,
    );
    expect(screen.getByTestId('slot-button')).toBeTruthy();
    expect(screen.queryByTestId('slot-icon')).toBeNull();
    unmount();

    renderScreen(<Composer windowClosed={false} onSend={vi.fn()} templateAction={action} />);
    expect(screen.getByTestId('slot-icon')).toBeTruthy();
    expect(screen.queryByTestId('slot-button')).toBeNull();
  });
});
