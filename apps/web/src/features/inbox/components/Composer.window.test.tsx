import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type * as HttpModule from '../../../lib/http';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { Composer } from './Composer';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, api: { get: vi.fn(async () => ({ data: [] })), post: vi.fn() } };
});

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;

describe('Composer: which reply window applies', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('shows the 24-hour window and the time left', () => {
    renderScreen(
      <Composer
        windowClosed={false}
        onSend={vi.fn()}
        window={{ kind: 'open', endsAt: NOW + 5 * HOUR + 12 * 60_000 }}
        now={NOW}
      />,
    );
    const strip = screen.getByTestId('window-strip');
    expect(strip.getAttribute('data-window')).toBe('open');
    expect(strip.textContent).toBe('24-hour window · 5 h 12 min left');
  });

  it("shows the human agent's 7 days in Indonesian", async () => {
    await setLanguage('id');
    renderScreen(
      <Composer
        windowClosed={false}
        onSend={vi.fn()}
        window={{ kind: 'human_agent', endsAt: NOW + (3 * 24 + 4) * HOUR }}
        now={NOW}
      />,
    );
    expect(screen.getByTestId('window-strip').textContent).toBe(
      'Balasan agen (7 hari) · sisa 3 hari 4 jam',
    );
  });

  it("a closed Messenger window says the server's reason and locks the input", () => {
    renderScreen(
      <Composer
        windowClosed
        onSend={vi.fn()}
        window={{ kind: 'closed', refusal: 'human_agent_expired' }}
        now={NOW}
      />,
    );
    expect(screen.getByTestId('window-closed-notice').textContent).toBe(
      'The customer last wrote more than 7 days ago: Meta allows no reply until they write again.',
    );
    expect(screen.queryByTestId('window-strip')).toBeNull();
    const input = screen.getByTestId('composer-input') as HTMLTextAreaElement;
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Replies are closed until the customer writes again');
  });

  it('a closed WhatsApp window still asks for a template', () => {
    renderScreen(
      <Composer
        windowClosed
        onSend={vi.fn()}
        window={{ kind: 'closed', refusal: 'templates_only' }}
        templateAction={() => null}
      />,
    );
    expect(screen.getByTestId('window-closed-notice').textContent).toContain('template');
  });

  it('a linked number (WhatsApp basic) has no window, and says so where the countdown shows', async () => {
    renderScreen(
      <Composer windowClosed={false} onSend={vi.fn()} window={{ kind: 'unbounded' }} now={NOW} />,
    );
    const strip = screen.getByTestId('window-strip');
    expect(strip.getAttribute('data-window')).toBe('unbounded');
    expect(strip.textContent).toBe('No reply window · reply any time');
    expect(screen.queryByTestId('window-closed-notice')).toBeNull();
    expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).disabled).toBe(false);
    await setLanguage('id');
    expect(screen.getByTestId('window-strip').textContent).toBe(
      'Tanpa batas balas · balas kapan saja',
    );
  });
});
