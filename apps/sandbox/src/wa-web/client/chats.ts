import { h, icon } from '../../phone/client/dom.js';
import {
  composerKeys,
  dayLabel,
  fillReplyBar,
  pillComposer,
  quoteOf,
  replyAction,
  takeText,
} from '../../phone/client/ui.js';
import {
  api,
  mediaUrl,
  readBase64,
  type WaGroup,
  type WaMessage,
  type WaPhoneView,
} from './api.js';
import { authorLabel, memberPicker, newGroupForm } from './groups.js';

export interface ChatsHooks {
  phone: () => WaPhoneView | null;
  flash: (message: string) => void;
  /** Opens one chat (the page then follows it: an open chat is a read chat). */
  open: (customer: string, name: string | null, group?: WaGroup | null) => void;
}

const time = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function summary(m: WaMessage): string {
  if (m.type === 'text') return m.text ?? '';
  const label = { image: '📷 Photo', video: '🎥 Video', audio: '🎤 Audio', sticker: 'Sticker' }[
    m.type
  ];
  return `${label ?? '📄 Document'}${m.caption ? ` · ${m.caption}` : ''}`;
}

/** The chat list: every customer of the number, newest first, and a way to start a new one. */
export function chatListView(hooks: ChatsHooks) {
  const number = h('input', {
    'data-testid': 'wa-new-chat-number',
    inputmode: 'numeric',
    placeholder: 'Customer number, e.g. 6281234567890',
    'aria-label': 'Customer number',
  });
  const name = h('input', {
    'data-testid': 'wa-new-chat-name',
    placeholder: 'Name (optional)',
    'aria-label': 'Customer name',
  });
  const start = () => {
    const digits = number.value.replace(/\D/g, '');
    if (!/^\d{5,20}$/.test(digits))
      return hooks.flash('Type the customer’s number with its country code');
    hooks.open(digits, name.value.trim() || null);
    number.value = '';
    name.value = '';
  };
  const list = h('div', { class: 'chat-list', 'data-testid': 'wa-chats' });
  const root = h(
    'section',
    { class: 'pane chats-pane', 'aria-label': 'Chats' },
    h(
      'form',
      {
        class: 'new-chat',
        onsubmit: (e: Event) => {
          e.preventDefault();
          start();
        },
      },
      h('div', { class: 'new-chat-title' }, icon('person', 'icon-sm'), 'Write as a customer'),
      h('div', { class: 'new-chat-fields' }, number, name),
      h(
        'button',
        { type: 'submit', class: 'primary', 'data-testid': 'wa-new-chat-open' },
        'Open chat',
      ),
    ),
    newGroupForm(() => hooks.phone()?.phone ?? '', {
      flash: hooks.flash,
      opened: (g) => hooks.open(g.jid, g.subject, g),
    }),
    list,
  );

  function render(view: WaPhoneView) {
    list.replaceChildren(
      ...(view.chats.length
        ? view.chats.map((c) =>
            h(
              'button',
              {
                type: 'button',
                class: 'chat-row',
                'data-testid': 'wa-chat-row',
                'data-customer': c.customer,
                'data-group': c.group ? 'true' : undefined,
                onclick: () => hooks.open(c.customer, c.name, c.group),
              },
              h('span', { class: 'avatar sm' }, icon(c.group ? 'group' : 'person')),
              h(
                'span',
                { class: 'chat-row-text' },
                h(
                  'span',
                  { class: 'chat-row-top' },
                  h('strong', {}, c.name),
                  h('small', {}, c.lastMessage ? time(c.lastMessage.timestamp) : ''),
                ),
                h(
                  'span',
                  { class: 'chat-row-last' },
                  c.lastMessage?.from === 'business' ? ticks(c.lastMessage) : null,
                  c.lastMessage ? summary(c.lastMessage) : c.group ? groupLine(c.group) : '',
                ),
              ),
            ),
          )
        : [
            h(
              'p',
              { class: 'empty-note' },
              'No chats yet. Write as a customer above; once a device is linked, Sapa receives it.',
            ),
          ]),
    );
  }
  return { root, render };
}

const groupLine = (g: WaGroup) => `Group · ${g.participants.map((p) => p.name).join(', ')}`;

function ticks(m: WaMessage) {
  const status = m.status ?? 'sent';
  const el = icon(status === 'sent' ? 'check' : 'checks', `ticks ${status}`);
  el.dataset.testid = 'wa-ticks';
  el.dataset.status = status;
  el.title = status;
  return el;
}

/**
 * One chat as the number's phone shows it: the number's (Sapa's) messages on the right with
 * ticks, the customer's on the left; the composer writes as the customer.
 */
export function chatView(
  phone: string,
  customer: string,
  hooks: Pick<ChatsHooks, 'flash'>,
  customerName: string | null = null,
  group: WaGroup | null = null,
) {
  const member = group ? memberPicker(group) : null;
  const messages = new Map<string, WaMessage>();
  let replyTo: WaMessage | null = null;
  const thread = h('div', { class: 'thread', 'aria-live': 'polite', 'data-testid': 'wa-thread' });
  const scroller = h('div', { class: 'chat' }, thread);
  const replyBar = h('div', { class: 'replybar', hidden: true });
  const input = h('textarea', {
    'data-testid': 'wa-input',
    rows: 1,
    placeholder: group ? 'Write as this member' : 'Write as the customer',
    'aria-label': 'Message from the customer',
  });
  const file = h('input', { type: 'file', hidden: true, 'data-testid': 'wa-file-input' });
  composerKeys(input, sendText);
  file.addEventListener('change', () => void sendFile());
  const composer = pillComposer({
    lead: member,
    input,
    attach: { testId: 'wa-attach', label: 'Attach a photo or file', onclick: () => file.click() },
    sendTestId: 'wa-send',
    sendText,
  });

  function setReply(m: WaMessage | null) {
    replyTo = m;
    fillReplyBar(
      replyBar,
      m && quoteOf(m.from === 'business' ? 'Business' : 'Customer', summary(m)),
      () => setReply(null),
    );
    if (m) input.focus();
  }

  async function say(body: Record<string, unknown>) {
    try {
      const sent = group
        ? await api.groupSay(phone, group.jid, {
            ...body,
            from: member?.value,
            replyTo: replyTo?.id ?? null,
          })
        : await api.say(phone, customer, {
            ...body,
            replyTo: replyTo?.id ?? null,
            ...(customerName ? { name: customerName } : {}),
          });
      setReply(null);
      upsert(sent);
    } catch (err) {
      hooks.flash(err instanceof Error ? err.message : String(err));
    }
  }

  async function sendText() {
    const text = takeText(input);
    if (text) await say({ type: 'text', text });
  }

  async function sendFile() {
    const picked = file.files?.[0];
    file.value = '';
    if (!picked) return;
    const kind = picked.type.startsWith('image/')
      ? 'image'
      : picked.type.startsWith('video/')
        ? 'video'
        : picked.type.startsWith('audio/')
          ? 'audio'
          : 'document';
    await say({
      type: kind,
      caption: input.value.trim() || null,
      media: {
        data: await readBase64(picked),
        mimeType: picked.type || 'application/octet-stream',
        filename: picked.name,
      },
    });
    input.value = '';
  }

  function content(m: WaMessage): Array<HTMLElement | null> {
    if (m.type === 'text') return [h('div', { class: 'text' }, m.text ?? '')];
    const url = m.mediaId ? mediaUrl(phone, m.mediaId) : '';
    const body =
      m.type === 'image' || m.type === 'sticker'
        ? h('img', { class: 'media', src: url, alt: m.caption ?? 'Photo' })
        : m.type === 'video'
          ? h('video', { class: 'media', src: url, controls: true })
          : m.type === 'audio'
            ? h('audio', { src: url, controls: true })
            : h(
                'a',
                { class: 'file', href: url, target: '_blank', rel: 'noopener' },
                icon('doc'),
                'Document',
              );
    return [body, m.caption ? h('div', { class: 'caption text' }, m.caption) : null];
  }

  function bubble(m: WaMessage): HTMLElement {
    const own = m.from === 'business';
    const quoted = m.replyTo ? messages.get(m.replyTo) : undefined;
    const reactions = [m.reactions.customer, m.reactions.business].filter(Boolean).join(' ');
    return h(
      'div',
      { class: `row ${own ? 'out' : 'in'}`, 'data-row': m.id },
      h(
        'div',
        {
          class: `bubble type-${m.type}`,
          'data-testid': 'wa-message',
          'data-from': m.from,
          'data-status': m.status ?? '',
          'data-id': m.id,
          ondblclick: () => setReply(m),
        },
        group && !own ? authorLabel(group, m.author) : null,
        m.replyTo
          ? quoteOf(
              quoted?.from === 'business' ? 'Business' : 'Customer',
              quoted ? summary(quoted) : 'Original message',
            )
          : null,
        ...content(m),
        h('span', { class: 'meta' }, time(m.timestamp), own ? ticks(m) : null),
        h(
          'span',
          { class: 'bubble-actions' },
          replyAction(() => setReply(m)),
          own && !group
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'react-action',
                  title: 'React 👍 as the customer',
                  'aria-label': 'React 👍 as the customer',
                  'data-testid': 'wa-react',
                  onclick: () =>
                    void api
                      .react(phone, customer, m.id, m.reactions.customer === '👍' ? '' : '👍')
                      .catch((err: Error) => hooks.flash(err.message)),
                },
                icon('smile', 'icon-sm'),
              )
            : null,
        ),
        reactions ? h('span', { class: 'reactions' }, reactions) : null,
      ),
    );
  }

  function draw() {
    const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80;
    const rows: HTMLElement[] = [];
    let day = '';
    for (const m of [...messages.values()].sort((a, b) => a.timestamp - b.timestamp)) {
      const label = dayLabel(m.timestamp);
      if (label !== day) rows.push(h('div', { class: 'day' }, h('span', {}, label)));
      day = label;
      rows.push(bubble(m));
    }
    if (!rows.length) {
      rows.push(
        h(
          'div',
          { class: 'empty' },
          h(
            'span',
            {},
            group
              ? 'Pick a member below and write in the group as them.'
              : 'Say hello as the customer. Opening this chat counts as the customer reading it.',
          ),
        ),
      );
    }
    thread.replaceChildren(...rows);
    if (atBottom || rows.length < 3) scroller.scrollTop = scroller.scrollHeight;
  }

  function upsert(m: WaMessage) {
    messages.set(m.id, m);
    draw();
  }

  function load(list: WaMessage[]) {
    messages.clear();
    for (const m of list) messages.set(m.id, m);
    draw();
    scroller.scrollTop = scroller.scrollHeight;
  }

  const root = h('div', { class: 'chat-pane' }, scroller, replyBar, composer, file);
  return { root, upsert, load, focus: () => input.focus() };
}
