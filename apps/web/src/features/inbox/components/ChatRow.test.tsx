import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { makeChat } from '../testFixtures';
import { ChatRow } from './ChatRow';

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
});
