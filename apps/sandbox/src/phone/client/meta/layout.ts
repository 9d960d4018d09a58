import { h, icon } from '../dom.js';
import { flasher, liveDot } from '../ui.js';
import type { MetaApp } from './api.js';

export const LABEL: Record<MetaApp, { app: string; id: string }> = {
  messenger: { app: 'Messenger', id: 'Your PSID' },
  instagram: { app: 'Instagram', id: 'Your IGSID' },
};

export type MetaLayout = ReturnType<typeof buildLayout>;

/** The Messenger / Instagram phone's elements, appended to `root`; the view wires them. */
export function buildLayout(
  root: HTMLElement,
  app: MetaApp,
  initial: { customer: string; name: string },
) {
  const avatar = h('button', { type: 'button', class: 'm-avatar', 'aria-label': 'Business' });
  const title = h('div', { class: 'title-name' });
  const subtitle = h('div', { class: 'title-sub' });
  const [live, setLive] = liveDot();
  const select = h('select', { 'data-testid': 'phone-account-select', 'aria-label': 'Business' });
  const idInput = h('input', {
    'data-testid': 'phone-customer-id',
    'aria-label': LABEL[app].id,
    inputmode: 'numeric',
    autocomplete: 'off',
    value: initial.customer,
  });
  const nameInput = h('input', {
    'data-testid': 'phone-customer-name',
    'aria-label': 'Your name',
    autocomplete: 'off',
    value: initial.name,
  });
  const storyBar = h('button', {
    type: 'button',
    class: 'm-storybar',
    'data-testid': 'phone-story-open',
    hidden: true,
  });
  const banner = h('div', {
    class: 'm-banner',
    hidden: true,
    'data-testid': 'phone-not-subscribed',
  });
  const thread = h('div', { class: 'm-thread', 'aria-live': 'polite' });
  const chat = h('div', { class: 'm-chat' }, banner, thread);
  const quick = h('div', { class: 'm-quick', hidden: true });
  const replyBar = h('div', { class: 'm-replybar', hidden: true });
  const input = h('textarea', {
    'data-testid': 'phone-input',
    rows: 1,
    placeholder: app === 'messenger' ? 'Aa' : 'Message…',
    'aria-label': 'Message',
  });
  const fileInput = h('input', {
    type: 'file',
    accept: 'image/*,video/*',
    'data-testid': 'phone-file-input',
    hidden: true,
  });
  const picker = h('div', { class: 'm-picker', hidden: true, role: 'menu' });
  const toast = h('div', { class: 'toast', hidden: true, role: 'status' });
  const flash = flasher(toast);

  const sendButton = h(
    'button',
    { type: 'button', class: 'm-send', 'data-testid': 'phone-send', 'aria-label': 'Send' },
    icon('send'),
  );

  root.append(
    h(
      'header',
      { class: 'm-bar' },
      icon('back', 'icon back'),
      avatar,
      h('div', { class: 'title' }, title, subtitle),
      live,
    ),
    h(
      'div',
      { class: 'identity' },
      h('label', {}, h('span', {}, 'Chat with'), select),
      h('label', {}, h('span', {}, LABEL[app].id), idInput),
      h('label', {}, h('span', {}, 'Your name'), nameInput),
    ),
    storyBar,
    chat,
    quick,
    replyBar,
    h(
      'footer',
      { class: 'm-composer' },
      h(
        'button',
        {
          type: 'button',
          class: 'm-icon',
          'data-testid': 'phone-attach',
          'aria-label': 'Send a photo',
          onclick: () => fileInput.click(),
        },
        icon(app === 'instagram' ? 'camera' : 'photo'),
      ),
      h('div', { class: 'm-pill' }, input),
      sendButton,
    ),
    picker,
    fileInput,
    toast,
  );

  return {
    avatar,
    title,
    subtitle,
    setLive,
    select,
    idInput,
    nameInput,
    storyBar,
    banner,
    thread,
    chat,
    quick,
    replyBar,
    input,
    fileInput,
    picker,
    sendButton,
    flash,
  };
}
