import { h, icon } from '../dom.js';
import { assetUrl, type StoryInfo } from './api.js';
import { initials } from './render.js';

const QUICK_REACTIONS = ['😂', '😮', '😍', '😢', '👏', '🔥'];

function age(createdAt: number): string {
  const minutes = Math.max(1, Math.round((Date.now() - createdAt) / 60_000));
  return minutes < 60 ? `${minutes}m` : `${Math.round(minutes / 60)}h`;
}

/**
 * The business's story, full screen inside the phone, with Instagram's reply box and quick
 * reactions: what the customer sends becomes a story reply (`reply_to.story`).
 */
export function openStory(
  host: HTMLElement,
  business: { name: string; username: string },
  story: StoryInfo,
  onReply: (text: string) => Promise<boolean>,
): void {
  const close = () => {
    document.removeEventListener('keydown', onKey);
    viewer.remove();
  };
  const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
  const input = h('input', {
    class: 'story-input',
    placeholder: `Reply to ${business.username}…`,
    'aria-label': `Reply to ${business.username}`,
    'data-testid': 'phone-story-reply-input',
    autocomplete: 'off',
  });
  const send = async (text: string) => {
    if (!text.trim()) return;
    if (await onReply(text.trim())) close();
  };
  const form = h(
    'form',
    { class: 'story-reply' },
    input,
    h(
      'button',
      { type: 'submit', class: 'story-send', 'data-testid': 'phone-story-reply-send' },
      'Send',
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void send(input.value);
  });
  const viewer = h(
    'div',
    { class: 'story-viewer', role: 'dialog', 'aria-label': `${business.username}'s story` },
    h('img', { class: 'story-img', src: assetUrl(story.assetId), alt: '' }),
    h('div', { class: 'story-progress' }, h('span')),
    h(
      'div',
      { class: 'story-head' },
      h('span', { class: 'm-avatar sm ring' }, initials(business.name)),
      h('strong', {}, business.username),
      h('small', {}, age(story.createdAt)),
      h(
        'button',
        {
          type: 'button',
          class: 'story-close',
          'aria-label': 'Close story',
          'data-testid': 'phone-story-close',
          onclick: close,
        },
        icon('close'),
      ),
    ),
    h('div', { class: 'story-caption' }, story.caption),
    h(
      'div',
      { class: 'story-foot' },
      h(
        'div',
        { class: 'story-quick' },
        ...QUICK_REACTIONS.map((emoji) =>
          h(
            'button',
            {
              type: 'button',
              'aria-label': `React ${emoji}`,
              'data-testid': 'phone-story-quick',
              onclick: () => void send(emoji),
            },
            emoji,
          ),
        ),
      ),
      form,
    ),
  );
  document.addEventListener('keydown', onKey);
  host.append(viewer);
  input.focus();
}
