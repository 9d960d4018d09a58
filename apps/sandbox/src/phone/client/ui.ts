import { h, icon } from './dom.js';

// Small pieces every app view of the customer phone shares.

export const saved = (key: string) => localStorage.getItem(`sandbox-phone.${key}`) ?? undefined;
export const save = (key: string, value: string) =>
  localStorage.setItem(`sandbox-phone.${key}`, value);

export function dayLabel(ms: number): string {
  const day = new Date(ms).toDateString();
  if (day === new Date().toDateString()) return 'Today';
  if (day === new Date(Date.now() - 86_400_000).toDateString()) return 'Yesterday';
  return new Date(ms).toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A toast inside the phone: says something for a few seconds. */
export function flasher(toast: HTMLElement): (message: string) => void {
  let timer = 0;
  return (message) => {
    window.clearTimeout(timer);
    toast.textContent = message;
    toast.hidden = false;
    timer = window.setTimeout(() => (toast.hidden = true), 3500);
  };
}

export function growTextarea(input: HTMLTextAreaElement): void {
  input.style.height = 'auto';
  input.style.height = `${Math.min(input.scrollHeight, 120)}px`;
}

export function menuItem(
  close: () => void,
  name: Parameters<typeof icon>[0],
  label: string,
  testId: string,
  run: () => void,
) {
  return h(
    'button',
    {
      type: 'button',
      class: `menu-item mi-${name}`,
      'data-testid': testId,
      role: 'menuitem',
      onclick: () => {
        close();
        run();
      },
    },
    icon(name, 'menu-icon'),
    label,
  );
}

/** The connection dot in a phone header: amber while connecting, green when live. */
export function liveDot(): [HTMLElement, (on: boolean) => void] {
  const dot = h('span', { class: 'live', 'data-testid': 'phone-connection', title: 'Connecting…' });
  return [
    dot,
    (on) => {
      dot.classList.toggle('on', on);
      dot.title = on ? 'Live' : 'Offline';
    },
  ];
}

/**
 * The composer's keys: the textarea grows with its text, and Enter sends (Shift+Enter is a new
 * line).
 */
export function composerKeys(input: HTMLTextAreaElement, sendText: () => Promise<void>): void {
  input.addEventListener('input', () => growTextarea(input));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void sendText();
    }
  });
}

/** The composer's text, trimmed, taking it out of the composer; null (composer kept) when blank. */
export function takeText(input: HTMLTextAreaElement): string | null {
  const text = input.value.trim();
  if (!text) return null;
  input.value = '';
  growTextarea(input);
  return text;
}

/** A quoted message: who wrote it, and what it said in a line. */
export function quoteOf(author: string, text: string): HTMLElement {
  return h('div', { class: 'quote' }, h('strong', {}, author), h('span', {}, text));
}

/** A bubble's reply button (shown on hover; a double click on the bubble does the same). */
export function replyAction(onReply: () => void): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'reply-action',
      title: 'Reply',
      'aria-label': 'Reply',
      onclick: onReply,
    },
    icon('reply', 'icon-sm'),
  );
}

/**
 * The bar above the composer: the message being replied to and a button that cancels the reply,
 * or hidden and empty when there is none. `look` gives the button's and its icon's classes.
 */
export function fillReplyBar(
  bar: HTMLElement,
  quote: HTMLElement | null,
  onCancel: () => void,
  look: { button: string; icon?: string } = { button: 'icon-btn' },
): void {
  bar.hidden = !quote;
  bar.replaceChildren(
    ...(quote
      ? [
          quote,
          h(
            'button',
            { type: 'button', class: look.button, 'aria-label': 'Cancel reply', onclick: onCancel },
            icon('close', look.icon),
          ),
        ]
      : []),
  );
}

/**
 * The WhatsApp composer (the customer phone's and the linked number's): an attach button and the
 * text in one pill, the send button beside it, after whatever `lead` puts first.
 */
export function pillComposer(parts: {
  input: HTMLTextAreaElement;
  attach: { testId: string; label: string; onclick: () => void };
  sendTestId: string;
  sendText: () => Promise<void>;
  lead?: HTMLElement | null;
}): HTMLElement {
  return h(
    'footer',
    { class: 'composer' },
    parts.lead ?? null,
    h(
      'div',
      { class: 'field-pill' },
      h(
        'button',
        {
          type: 'button',
          class: 'icon-btn',
          'data-testid': parts.attach.testId,
          'aria-label': parts.attach.label,
          onclick: parts.attach.onclick,
        },
        icon('clip'),
      ),
      parts.input,
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'send',
        'data-testid': parts.sendTestId,
        'aria-label': 'Send',
        onclick: () => void parts.sendText(),
      },
      icon('send'),
    ),
  );
}
