import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LIMITS } from '@sapa/contracts';
import { I18nextProvider } from 'react-i18next';
import { i18n, setLanguage } from '../../../lib/i18n';
import { clearAlerts, raiseInboxAlert } from './alertsStore';
import { InboxAlerts } from './InboxAlerts';

function show() {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <InboxAlerts />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('InboxAlerts', () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => clearAlerts());
    vi.useRealTimers();
  });

  it('shows "{name} has been assigned to another agent" for 60 s', () => {
    show();
    act(() => raiseInboxAlert({ chatId: 'c1', kind: 'assignedToAnother', name: 'Budi' }));
    expect(screen.getByTestId('inbox-alert').textContent).toContain(
      'Budi has been assigned to another agent',
    );
    act(() => vi.advanceTimersByTime(LIMITS.assignmentAlertMs - 1));
    expect(screen.queryByTestId('inbox-alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('inbox-alert')).toBeNull();
  });

  it('is dismissable, and the same chat twice shows one alert', () => {
    show();
    act(() => {
      raiseInboxAlert({ chatId: 'c1', kind: 'contactBlocked', name: 'Budi' });
      raiseInboxAlert({ chatId: 'c1', kind: 'contactBlocked', name: 'Budi' });
      raiseInboxAlert({ chatId: 'c2', kind: 'conversationResolved', name: 'Ani' });
    });
    const texts = screen.getAllByTestId('inbox-alert').map((a) => a.textContent);
    expect(texts).toEqual([
      expect.stringContaining('Your conversation has been resolved'),
      expect.stringContaining('Contact has been blocked'),
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0] as HTMLElement);
    expect(screen.getAllByTestId('inbox-alert')).toHaveLength(1);
  });

  it('speaks Indonesian', async () => {
    await setLanguage('id');
    show();
    act(() => raiseInboxAlert({ chatId: 'c1', kind: 'assignedToAnother', name: 'Budi' }));
    expect(screen.getByTestId('inbox-alert').textContent).toContain(
      'Budi telah ditugaskan ke agen lain',
    );
  });
});
