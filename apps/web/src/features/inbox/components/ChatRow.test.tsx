import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { makeChat } from '../testFixtures';
import { makeLabel } from '../testServer';
import { ChatRow, rowTime } from './ChatRow';

describe('ChatRow', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('cuts the last message at 22 characters plus an ellipsis', () => {
    const chat = makeChat({ lastMessage: 'Apakah pesanan saya sudah dikirim hari ini?' });
    renderScreen(<ChatRow chat={chat} selected={false} onSelect={vi.fn()} />);
    expect(screen.getByTestId('chat-row-preview').textContent).toMatch(
      /^Apakah pesanan saya su\.\.\.$/,
    );
  });

  it('shows a short message whole', () => {
    renderScreen(
      <ChatRow
        chat={makeChat({ lastMessage: 'Terima kasih' })}
        selected={false}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByTestId('chat-row-preview').textContent).toMatch(/^Terima kasih$/);
  });

  it('shows one unread mark however many messages are unread', () => {
    renderScreen(
      <ChatRow chat={makeChat({ unreadCount: 12 })} selected={false} onSelect={vi.fn()} />,
    );
    expect(screen.getByTestId('chat-row-unread').textContent).toMatch(/^1$/);
  });

  it('has no unread mark when everything is read', () => {
    renderScreen(
      <ChatRow chat={makeChat({ unreadCount: 0 })} selected={false} onSelect={vi.fn()} />,
    );
    expect(screen.queryByTestId('chat-row-unread')).toBeNull();
  });

  it('shows the flag, the assignee and selects by id', () => {
    const onSelect = vi.fn();
    const chat = makeChat({ flag: 'green', agentId: null, agent: null });
    renderScreen(<ChatRow chat={chat} selected onSelect={onSelect} />);
    expect(screen.getByTestId('chat-row-flag').getAttribute('data-flag')).toBe('green');
    expect(screen.getByTestId('chat-row-assignee').textContent).toContain('Unassigned');
    const row = screen.getByTestId('chat-row');
    expect(row.getAttribute('data-chat-id')).toBe(chat._id);
    fireEvent.click(row);
    expect(onSelect).toHaveBeenCalledWith(chat._id);
  });

  it('shows the kind of a media message that has no text', () => {
    const chat = makeChat({ lastMessage: '', lastMessageType: 'image' });
    renderScreen(<ChatRow chat={chat} selected={false} onSelect={vi.fn()} />);
    expect(screen.getByTestId('chat-row-preview').textContent).toBe('Photo');
  });

  it('shows label chips in their colours, two and then a count', () => {
    const labels = ['VIP', 'Order', 'Complaint'].map((label, i) =>
      makeLabel({ _id: `l${i}`, label, color: ['#e8590c', '#1c7ed6', '#2f9e44'][i] }),
    );
    const map = new Map(labels.map((l) => [l._id, l]));
    const chat = makeChat({ label: ['l0', 'l1', 'l2', 'deleted'] });
    renderScreen(<ChatRow chat={chat} selected={false} onSelect={vi.fn()} labels={map} />);
    const chips = screen.getAllByTestId('chat-row-label');
    expect(chips.map((c) => c.textContent)).toEqual(['VIP', 'Order']);
    expect(chips[0]?.style.getPropertyValue('--label-color')).toBe('#e8590c');
    expect(screen.getByText('+1')).toBeTruthy();
  });

  it('shows the assigned agent by name', () => {
    renderScreen(<ChatRow chat={makeChat()} selected={false} onSelect={vi.fn()} />);
    expect(screen.getByTestId('chat-row-assignee').textContent).toBe('Sari Wulandari');
  });

  it('times a row in the account\'s zone: the clock today, "Yesterday", then by date', () => {
    // The account is on Asia/Jakarta (UTC+7), whatever zone the browser is in.
    const now = Date.UTC(2025, 2, 10, 2, 0); // 09:00 WIB
    expect(rowTime(new Date(Date.UTC(2025, 2, 10, 1, 5)).toISOString(), 'Yesterday', now)).toBe(
      '08:05',
    );
    // 17:00 UTC on the 9th is midnight of the 10th in Jakarta: today, not yesterday.
    expect(rowTime('2025-03-09T17:00:00Z', 'Yesterday', now)).toBe('00:00');
    expect(rowTime('2025-03-09T16:00:00Z', 'Yesterday', now)).toBe('Yesterday');
    expect(rowTime('2025-02-02T03:00:00Z', 'Yesterday', now)).toBe('2 Feb 2025');
    expect(rowTime('not a date', 'Yesterday', now)).toBe('');
  });
});
