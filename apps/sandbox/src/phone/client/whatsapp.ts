import {
  listNumbers,
  sendAsCustomer,
  uploadMedia,
  type NumberInfo,
  type PhoneMessage,
} from './api.js';
import { contactDialog, listSheet, locationDialog } from './dialogs.js';
import { h, icon } from './dom.js';
import { renderBubble, summary, type RenderHooks, type TapReply } from './render.js';
import {
  composerKeys,
  dayLabel,
  fillReplyBar,
  flasher,
  liveDot,
  menuItem,
  pillComposer,
  quoteOf,
  save,
  saved,
  takeText,
} from './ui.js';

export interface WhatsAppDefaults {
  number?: string;
  customer?: string;
  name?: string;
}

/** The WhatsApp customer: writes to a business number, sees what it sends, with ticks. */
export function mountWhatsApp(app: HTMLElement, defaults: WhatsAppDefaults): () => void {
  const state = {
    numbers: [] as NumberInfo[],
    number: defaults.number ?? saved('number') ?? '',
    customer: defaults.customer ?? saved('customer') ?? '6281234567890',
    name: defaults.name ?? saved('name') ?? 'Budi Santoso',
    messages: new Map<string, PhoneMessage>(),
    replyTo: null as PhoneMessage | null,
    source: null as EventSource | null,
  };

  // ---- layout ---------------------------------------------------------------------------
  const avatar = h('div', { class: 'avatar' });
  const title = h('div', { class: 'title-name' });
  const subtitle = h('div', { class: 'title-sub' });
  const [live, setLive] = liveDot();
  const select = h('select', {
    'data-testid': 'phone-number-select',
    'aria-label': 'Business number',
  });
  const customerInput = h('input', {
    'data-testid': 'phone-customer-id',
    'aria-label': 'Your WhatsApp number',
    inputmode: 'numeric',
    autocomplete: 'off',
    value: state.customer,
  });
  const nameInput = h('input', {
    'data-testid': 'phone-customer-name',
    'aria-label': 'Your name',
    autocomplete: 'off',
    value: state.name,
  });
  const thread = h('div', { class: 'thread', 'aria-live': 'polite' });
  const chat = h('div', { class: 'chat' }, thread);
  const replyBar = h('div', { class: 'replybar', hidden: true });
  const input = h('textarea', {
    'data-testid': 'phone-input',
    rows: 1,
    placeholder: 'Message',
    'aria-label': 'Message',
  });
  const fileInput = h('input', { type: 'file', 'data-testid': 'phone-file-input', hidden: true });
  const menu = h('div', { class: 'menu', hidden: true, role: 'menu' });
  const toast = h('div', { class: 'toast', hidden: true, role: 'status' });
  const flash = flasher(toast);

  app.append(
    h(
      'header',
      { class: 'bar' },
      icon('back', 'icon back'),
      avatar,
      h('div', { class: 'title' }, title, subtitle),
      live,
    ),
    h(
      'div',
      { class: 'identity' },
      h('label', {}, h('span', {}, 'Chat with'), select),
      h('label', {}, h('span', {}, 'Your number'), customerInput),
      h('label', {}, h('span', {}, 'Your name'), nameInput),
    ),
    chat,
    replyBar,
    pillComposer({
      input,
      attach: { testId: 'phone-attach', label: 'Attach', onclick: () => toggleMenu() },
      sendTestId: 'phone-send',
      sendText,
    }),
    menu,
    fileInput,
    toast,
  );

  const closeMenuNow = () => toggleMenu(false);
  const items: Array<[Parameters<typeof icon>[0], string, string, () => void]> = [
    ['photo', 'Photo & video', 'phone-attach-photo', () => pickFile('image/*,video/*')],
    ['doc', 'Document', 'phone-attach-document', () => pickFile('')],
    [
      'pin',
      'Location',
      'phone-attach-location',
      () => locationDialog(app, (location) => void send({ type: 'location', location })),
    ],
    [
      'person',
      'Contact',
      'phone-attach-contact',
      () => contactDialog(app, (card) => void send({ type: 'contacts', contacts: [card] })),
    ],
  ];
  menu.append(
    ...items.map(([name, label, testId, run]) => menuItem(closeMenuNow, name, label, testId, run)),
  );

  function toggleMenu(show = menu.hidden) {
    menu.hidden = !show;
  }

  // ---- rendering ----------------------------------------------------------------------------
  const hooks: RenderHooks = {
    lookup: (id) => state.messages.get(id),
    onTap: (reply, message) => void tap(reply, message),
    onOpenList: (message) =>
      listSheet(app, message, (row) => void tap({ kind: 'list_reply', ...row }, message)),
    onReply: (message) => setReply(message),
  };

  function render() {
    const nearBottom = chat.scrollHeight - chat.scrollTop - chat.clientHeight < 120;
    const sorted = [...state.messages.values()]
      .filter((m) => m.type !== 'reaction')
      .sort((a, b) => a.timestamp - b.timestamp);
    const nodes: HTMLElement[] = [];
    let lastDay = '';
    for (const m of sorted) {
      const day = dayLabel(m.timestamp);
      if (day !== lastDay) nodes.push(h('div', { class: 'day' }, h('span', {}, day)));
      lastDay = day;
      nodes.push(renderBubble(m, hooks));
    }
    if (!sorted.length) {
      nodes.push(
        h(
          'div',
          { class: 'empty' },
          h('span', {}, '🔒 Messages here go to the business through the sandbox. Say hello!'),
        ),
      );
    }
    thread.replaceChildren(...nodes);
    if (nearBottom) chat.scrollTop = chat.scrollHeight;
  }

  function renderHeader() {
    const number = state.numbers.find((n) => n.phoneNumberId === state.number);
    title.textContent = number?.name ?? 'No business number';
    subtitle.textContent = number
      ? `+${number.displayPhoneNumber} · business account`
      : 'Register one with POST /sandbox/numbers';
    avatar.textContent = (number?.name ?? '?')
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
  }

  function setReply(message: PhoneMessage | null) {
    state.replyTo = message;
    fillReplyBar(
      replyBar,
      message &&
        quoteOf(message.from === 'customer' ? 'You' : (title.textContent ?? ''), summary(message)),
      () => setReply(null),
    );
    if (message) input.focus();
  }

  // ---- live updates -------------------------------------------------------------------------
  function connect() {
    state.source?.close();
    state.messages.clear();
    render();
    if (!state.number || !/^\d{5,20}$/.test(state.customer)) return setLive(false);
    const params = new URLSearchParams({ number: state.number, customer: state.customer });
    const source = new EventSource(`/sandbox/events?${params}`);
    state.source = source;
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener('snapshot', (e) => {
      const data = JSON.parse((e as MessageEvent<string>).data) as { messages: PhoneMessage[] };
      state.messages = new Map(data.messages.map((m) => [m.id, m]));
      render();
    });
    source.addEventListener('message', (e) => {
      const m = JSON.parse((e as MessageEvent<string>).data) as PhoneMessage;
      state.messages.set(m.id, m);
      if (m.from === 'business') setTyping(false);
      render();
    });
    source.addEventListener('status', (e) => {
      const s = JSON.parse((e as MessageEvent<string>).data) as {
        id: string;
        status: PhoneMessage['status'];
      };
      const m = state.messages.get(s.id);
      if (m) {
        m.status = s.status;
        render();
      }
    });
    source.addEventListener('typing', () => setTyping(true));
    source.addEventListener('reset', () => void loadNumbers());
  }

  let typingTimer = 0;
  function setTyping(on: boolean) {
    window.clearTimeout(typingTimer);
    subtitle.classList.toggle('typing', on);
    if (on) {
      subtitle.textContent = 'typing…';
      typingTimer = window.setTimeout(() => setTyping(false), 25_000);
    } else renderHeader();
  }

  // ---- sending ------------------------------------------------------------------------------
  async function send(body: Record<string, unknown>) {
    if (!state.number) return flash('Choose a business number first');
    if (!/^\d{5,20}$/.test(state.customer)) return flash('Your number must be 5–20 digits');
    const context = state.replyTo ? { context: { id: state.replyTo.id } } : {};
    try {
      const { message } = await sendAsCustomer(state.customer, {
        phoneNumberId: state.number,
        name: state.name,
        ...context,
        ...body,
      });
      if (!state.messages.has(message.id)) state.messages.set(message.id, message);
      setReply(null);
      render();
      chat.scrollTop = chat.scrollHeight;
    } catch (err) {
      flash(err instanceof Error ? err.message : 'Could not send');
    }
  }

  async function sendText() {
    const text = takeText(input);
    if (text) await send({ type: 'text', text: { body: text } });
  }

  async function tap(reply: TapReply, message: PhoneMessage) {
    setReply(message);
    if (reply.kind === 'button')
      return send({ type: 'button', button: { payload: reply.payload, text: reply.text } });
    const { kind, ...rest } = reply;
    await send({ type: 'interactive', interactive: { type: kind, [kind]: rest } });
  }

  function pickFile(accept: string) {
    fileInput.accept = accept;
    fileInput.value = '';
    fileInput.click();
  }

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file || !state.number) return;
    try {
      const media = await uploadMedia(state.number, file);
      const type = /^image\/webp$/.test(media.mime_type)
        ? 'sticker'
        : /^(image|video|audio)\//.test(media.mime_type)
          ? media.mime_type.split('/')[0]!
          : 'document';
      const captionText = input.value.trim();
      input.value = '';
      const caption =
        captionText && type !== 'audio' && type !== 'sticker' ? { caption: captionText } : {};
      await send({
        type,
        [type]: {
          id: media.id,
          ...(type === 'document' ? { filename: file.name } : {}),
          ...caption,
        },
      });
    } catch (err) {
      flash(err instanceof Error ? err.message : 'Upload failed');
    }
  });

  composerKeys(input, sendText);
  const closeMenu = (e: Event) => {
    const target = e.target as Element;
    if (!menu.hidden && !target.closest('.menu') && !target.closest('[data-testid="phone-attach"]'))
      toggleMenu(false);
  };
  document.addEventListener('click', closeMenu);

  select.addEventListener('change', () => {
    state.number = select.value;
    save('number', state.number);
    renderHeader();
    connect();
  });
  let customerTimer = 0;
  customerInput.addEventListener('input', () => {
    window.clearTimeout(customerTimer);
    customerTimer = window.setTimeout(() => {
      const digits = customerInput.value.replace(/[^\d]/g, '');
      if (digits === state.customer) return;
      state.customer = digits;
      save('customer', digits);
      connect();
    }, 350);
  });
  nameInput.addEventListener('input', () => {
    state.name = nameInput.value.trim() || state.customer;
    save('name', state.name);
  });

  async function loadNumbers() {
    try {
      state.numbers = await listNumbers();
    } catch {
      state.numbers = [];
    }
    if (!state.numbers.some((n) => n.phoneNumberId === state.number))
      state.number = state.numbers[0]?.phoneNumberId ?? '';
    select.replaceChildren(
      ...state.numbers.map((n) =>
        h(
          'option',
          { value: n.phoneNumberId, selected: n.phoneNumberId === state.number },
          `${n.name} · +${n.displayPhoneNumber}`,
        ),
      ),
    );
    renderHeader();
    connect();
  }

  void loadNumbers();
  return () => {
    state.source?.close();
    document.removeEventListener('click', closeMenu);
  };
}
