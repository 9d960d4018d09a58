import { h } from '../dom.js';
import type { MetaMsg } from './api.js';

const REACTIONS = ['❤️', '😆', '😮', '😢', '😠', '👍'];

/**
 * Messenger's reaction bar above a bubble. Picking the reaction already given takes it back
 * (`emoji: null`, an `unreact` for Sapa).
 */
export function reactionPicker(
  root: HTMLElement,
  picker: HTMLElement,
  onPick: (message: MetaMsg, emoji: string | null) => void,
) {
  const close = (e: Event) => {
    const target = e.target as Element;
    if (
      !picker.hidden &&
      !target.closest('.m-picker') &&
      !target.closest('[data-testid="phone-react"]')
    )
      picker.hidden = true;
  };
  document.addEventListener('click', close);
  return {
    open(message: MetaMsg, anchor: HTMLElement) {
      const mine = message.reactions?.customer;
      picker.replaceChildren(
        ...REACTIONS.map((emoji) =>
          h(
            'button',
            {
              type: 'button',
              class: emoji === mine ? 'on' : '',
              'data-testid': 'phone-reaction-option',
              'data-emoji': emoji,
              'aria-label': `React ${emoji}`,
              onclick: () => {
                picker.hidden = true;
                onPick(message, emoji === mine ? null : emoji);
              },
            },
            emoji,
          ),
        ),
      );
      const box = root.getBoundingClientRect();
      const at = anchor.getBoundingClientRect();
      picker.style.top = `${Math.max(8, at.top - box.top - 52)}px`;
      picker.hidden = false;
    },
    dispose: () => document.removeEventListener('click', close),
  };
}
