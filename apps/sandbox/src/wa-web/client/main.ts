import '../../phone/client/phone.css';
import '../../phone/client/bubbles.css';
import './wa.css';
import { h, icon } from '../../phone/client/dom.js';
import { flasher, liveDot } from '../../phone/client/ui.js';
import { api, type WaGroup, type WaMessage, type WaPhoneView } from './api.js';
import { chatListView, chatView } from './chats.js';
import { devicesView } from './devices.js';

// The number's phone (issue 20): the WhatsApp a business links to Sapa by QR code.

const DEMO_PHONE = '6281200000001';
const config = JSON.parse(document.getElementById('wa-config')?.textContent || '{}') as {
  phone?: string | null;
};
const app = document.getElementById('app') as HTMLElement;
const stored = localStorage.getItem('sandbox-wa.phone') ?? undefined;
let phoneNumber = config.phone ?? stored ?? DEMO_PHONE;
let view: WaPhoneView | null = null;
let tab: 'chats' | 'devices' = 'chats';
let openChat: { customer: string; name: string | null; ui: ReturnType<typeof chatView> } | null =
  null;
let stream: EventSource | null = null;

const toast = h('div', { class: 'toast', hidden: true, role: 'status' });
const flash = flasher(toast);
const [live, setLive] = liveDot();
const select = h('select', {
  class: 'phone-select',
  'data-testid': 'wa-phone-select',
  'aria-label': 'Business number',
  onchange: () => {
    if (select.value === '__new') return void addPhone();
    choosePhone(select.value);
  },
});
const title = h('div', { class: 'title-name' }, 'WhatsApp');
const subtitle = h('div', { class: 'title-sub' });
const back = h(
  'button',
  {
    type: 'button',
    class: 'icon-btn back-btn',
    'aria-label': 'Back to chats',
    hidden: true,
    onclick: () => closeChat(),
  },
  icon('back'),
);
const tabButtons = (['chats', 'devices'] as const).map((id) =>
  h(
    'button',
    {
      type: 'button',
      role: 'tab',
      class: 'wa-tab',
      'data-testid': `wa-tab-${id}`,
      onclick: () => showTab(id),
    },
    id === 'chats' ? 'Chats' : 'Linked devices',
  ),
);
const tabs = h('nav', { class: 'wa-tabs', role: 'tablist' }, ...tabButtons);
const hooks = { phone: () => view, flash };
const devices = devicesView(hooks);
const chats = chatListView({ ...hooks, open: (c, n, g) => void showChat(c, n, g ?? null) });
const body = h('div', { class: 'wa-body' });

app.append(
  h('header', { class: 'bar wa-bar' }, back, h('div', { class: 'title' }, title, subtitle), live),
  h('div', { class: 'wa-strip' }, h('span', { class: 'strip-badge' }, 'Sandbox'), select),
  tabs,
  body,
  toast,
);

async function loadPhones() {
  const { data } = await api.phones();
  if (!data.some((p) => p.phone === phoneNumber)) {
    await api.createPhone(
      phoneNumber,
      phoneNumber === DEMO_PHONE ? 'Demo Company' : `Business ${phoneNumber.slice(-4)}`,
    );
    data.push({ phone: phoneNumber, name: '' });
  }
  select.replaceChildren(
    ...data.map((p) =>
      h('option', { value: p.phone }, `+${p.phone}${p.name ? ` · ${p.name}` : ''}`),
    ),
    h('option', { value: '__new' }, 'Another number…'),
  );
  select.value = phoneNumber;
}

async function addPhone() {
  const typed = window.prompt('The business number, with its country code (digits only)', '62812');
  const digits = (typed ?? '').replace(/\D/g, '');
  if (!/^\d{5,20}$/.test(digits)) {
    select.value = phoneNumber;
    return;
  }
  const name = window.prompt('The name on its WhatsApp', 'My Business') ?? '';
  await api.createPhone(digits, name.trim() || `Business ${digits.slice(-4)}`);
  phoneNumber = digits;
  await loadPhones();
  choosePhone(digits);
}

function choosePhone(phone: string) {
  phoneNumber = phone;
  localStorage.setItem('sandbox-wa.phone', phone);
  const url = new URL(window.location.href);
  url.searchParams.set('phone', phone);
  window.history.replaceState(null, '', url);
  closeChat();
}

function showTab(id: 'chats' | 'devices') {
  tab = id;
  for (const b of tabButtons)
    b.setAttribute('aria-selected', String(b.dataset.testid === `wa-tab-${id}`));
  body.replaceChildren(id === 'chats' ? chats.root : devices.root);
}

function renderPhone(next: WaPhoneView) {
  view = next;
  if (!openChat) {
    title.textContent = next.name;
    const linked = next.devices.length;
    subtitle.textContent = `+${next.phone} · ${linked ? `${linked} linked device${linked > 1 ? 's' : ''}` : 'no linked devices'}${next.offline ? ' · offline' : ''}`;
  }
  devices.render(next);
  chats.render(next);
}

/** One event stream: the phone's, or the open chat's (an open chat reads what arrives in it). */
function follow(chat: string | null) {
  stream?.close();
  setLive(false);
  const url = `/sandbox/wa/phones/${phoneNumber}/events${chat ? `?chat=${chat}` : ''}`;
  const source = new EventSource(url);
  stream = source;
  source.onopen = () => setLive(true);
  source.onerror = () => setLive(false);
  source.addEventListener('snapshot', (e) =>
    renderPhone(JSON.parse((e as MessageEvent).data) as WaPhoneView),
  );
  source.addEventListener('message', (e) => {
    const { chat: changed, message } = JSON.parse((e as MessageEvent).data) as {
      chat: string;
      message: WaMessage;
    };
    if (openChat && openChat.customer === changed) openChat.ui.upsert(message);
  });
}

async function showChat(customer: string, name: string | null, group: WaGroup | null = null) {
  const ui = chatView(phoneNumber, customer, { flash }, name, group);
  openChat = { customer, name, ui };
  app.classList.add('in-chat');
  back.hidden = false;
  tabs.hidden = true;
  title.textContent = name ?? `+${customer}`;
  subtitle.textContent = group
    ? `Group · ${group.participants.map((p) => p.name).join(', ')}`
    : name
      ? `+${customer} · customer`
      : 'customer';
  body.replaceChildren(ui.root);
  if (group) {
    ui.load((await api.group(phoneNumber, group.jid)).messages);
    follow(customer);
    ui.focus();
    return;
  }
  const chat = await api.chat(phoneNumber, customer);
  if (chat.name && !name) title.textContent = chat.name;
  ui.load(chat.messages);
  follow(customer);
  ui.focus();
}

function closeChat() {
  openChat = null;
  app.classList.remove('in-chat');
  back.hidden = true;
  tabs.hidden = false;
  showTab(tab);
  follow(null);
}

void loadPhones()
  .then(() => closeChat())
  .catch((err: Error) => flash(err.message));
