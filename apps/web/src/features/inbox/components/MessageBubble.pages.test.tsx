import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Message } from '@sapa/contracts';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { makeMessage, messagePages } from '../testFixtures';
import { replaceMessage } from '../cache';
import { ConversationUiContext, type ConversationUi } from './conversation/context';
import { MessageBubble } from './MessageBubble';

vi.mock('../useMediaUrl', () => ({
  useMediaUrl: (url: string | null) =>
    url
      ? { status: 'ready', src: `blob:${url}`, retry: vi.fn() }
      : { status: 'idle', src: null, retry: vi.fn() },
  downloadMedia: vi.fn(async () => undefined),
}));

function show(message: Partial<Message>) {
  const ui: ConversationUi = { customerName: 'budi.ig', onQuoteClick: vi.fn(), onReply: null };
  return renderScreen(
    <ConversationUiContext.Provider value={ui}>
      <MessageBubble message={makeMessage(message)} />
    </ConversationUiContext.Provider>,
  );
}

describe('MessageBubble: what Instagram and Messenger add', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('a story reply says so above the words, with the stored story beside it', () => {
    show({
      text: 'Is this still available?',
      mediaUrl: '/api/messages/m1/media',
      payload: { story: { type: 'reply', id: 's1', url: null } },
    });
    const story = screen.getByTestId('message-story');
    expect(story.textContent).toContain('Replied to your story');
    expect(within(story).getByRole('img').getAttribute('src')).toBe('blob:/api/messages/m1/media');
    expect(screen.getByTestId('message-text').textContent).toBe('Is this still available?');
  });

  it('a story mention is the story itself under a "mentioned you" header, in Indonesian too', async () => {
    await setLanguage('id');
    show({
      msgType: 'image',
      text: '',
      mediaUrl: '/api/messages/m2/media',
      payload: { story: { type: 'mention', url: null } },
    });
    const story = screen.getByTestId('message-story');
    expect(story.textContent).toContain('Menyebut Anda di story mereka');
    // The picture is the message's own, not a second thumbnail in the header.
    expect(within(story).queryByRole('img')).toBeNull();
    expect(screen.getAllByRole('img').length).toBeGreaterThan(0);
  });

  it('an unsent message keeps its place and says it was unsent', () => {
    show({ text: '', payload: { unsent: { at: '2026-11-25T10:00:00.000Z' } } });
    expect(screen.getByTestId('message-unsent').textContent).toBe('This message was unsent');
    expect(screen.queryByTestId('message-text')).toBeNull();
  });

  it('message.updated replaces the message where it is', () => {
    const a = makeMessage({ _id: 'a', text: 'first' });
    const b = makeMessage({ _id: 'b', text: 'take this back' });
    const c = makeMessage({ _id: 'c', text: 'last' });
    const next = replaceMessage(messagePages([a, b, c]), {
      ...b,
      text: '',
      payload: { unsent: { at: '2026-11-25T10:00:00.000Z' } },
    });
    expect(next?.pages[0]?.data.map((m) => [m._id, m.text])).toEqual([
      ['a', 'first'],
      ['b', ''],
      ['c', 'last'],
    ]);
    expect(replaceMessage(messagePages([a]), b)?.pages[0]?.data).toEqual([a]);
  });
});
