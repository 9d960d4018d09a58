import './phone.css';
import './bubbles.css';
import './meta.css';
import './meta-thread.css';
import './meta-compose.css';
import { openSheet } from './dialogs.js';
import { h, icon } from './dom.js';
import { mountMeta } from './meta/view.js';
import { save, saved } from './ui.js';
import { mountWhatsApp } from './whatsapp.js';

type AppName = 'whatsapp' | 'messenger' | 'instagram';

interface PageConfig {
  app?: string;
  number?: string;
  account?: string;
  customer?: string;
  name?: string;
}

const APPS: Array<{ id: AppName; label: string; color: string; about: string }> = [
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    color: '#0b6b5d',
    about:
      'You are a WhatsApp customer. Messages you write here reach Sapa as signed Meta webhooks; what the business sends through the Graph API appears here, with ticks.',
  },
  {
    id: 'messenger',
    label: 'Messenger',
    color: '#0866ff',
    about:
      'You are a Messenger customer of a Facebook Page. Write, send photos, react, tap the buttons the business sends; opening the thread tells Sapa you read it.',
  },
  {
    id: 'instagram',
    label: 'Instagram',
    color: '#d62976',
    about:
      'You are an Instagram customer. Write, send photos, react, reply to the business’s story or mention it in yours; Sapa sees it all as signed webhooks.',
  },
];

const config = JSON.parse(
  document.getElementById('phone-config')?.textContent || '{}',
) as PageConfig;
const isApp = (v: unknown): v is AppName => APPS.some((a) => a.id === v);
const phone = document.getElementById('app') as HTMLElement;
const aboutText = document.getElementById('about-text') as HTMLElement;
const toolsHost = document.getElementById('tools') as HTMLElement;
const themeColor = document.querySelector('meta[name="theme-color"]');

const savedApp = saved('app');
// The address decides (a WhatsApp link names a number); otherwise the app chosen last time.
let current: AppName = isApp(config.app)
  ? config.app
  : config.number
    ? 'whatsapp'
    : config.account
      ? savedApp === 'instagram'
        ? 'instagram'
        : 'messenger'
      : isApp(savedApp)
        ? savedApp
        : 'whatsapp';
let first = true;
let unmount: (() => void) | null = null;
let tools: (() => HTMLElement) | null = null;

const view = h('div', { class: 'view' });
const tabs = APPS.map((a) =>
  h(
    'button',
    {
      type: 'button',
      role: 'tab',
      class: `tab tab-${a.id}`,
      'data-testid': 'phone-app-tab',
      'data-app': a.id,
      onclick: () => mount(a.id),
    },
    a.label,
  ),
);
// On a phone the side panel is hidden: its business tools open in a sheet instead.
const toolsButton = h(
  'button',
  {
    type: 'button',
    class: 'strip-tools',
    'data-testid': 'phone-tools',
    'aria-label': 'Business tools',
    onclick: () => tools && openSheet(view, 'Business side · sandbox', tools()),
  },
  icon('info', 'icon-sm'),
  h('span', { class: 'tools-label' }, 'Tools'),
);
phone.append(
  h(
    'div',
    { class: 'strip' },
    h('span', { class: 'strip-badge', title: 'Nothing here leaves this machine' }, 'Sandbox'),
    h('div', { class: 'strip-tabs', role: 'tablist', 'aria-label': 'Messaging app' }, ...tabs),
    toolsButton,
  ),
  view,
);

function setTools(render: (() => HTMLElement) | null) {
  tools = render;
  toolsButton.hidden = !render;
  toolsHost.replaceChildren(...(render ? [render()] : []));
}

function mount(app: AppName) {
  if (app === current && !first) return;
  unmount?.();
  setTools(null);
  view.replaceChildren();
  current = app;
  const meta = APPS.find((a) => a.id === app)!;
  view.className = `view app-${app}`;
  document.body.dataset.app = app;
  themeColor?.setAttribute('content', meta.color);
  aboutText.textContent = meta.about;
  for (const tab of tabs) tab.setAttribute('aria-selected', String(tab.dataset.app === app));
  // Ids in the address belong to the app it names; another app starts from its own.
  const given = first ? config : {};
  const switched = !first;
  first = false;
  unmount =
    app === 'whatsapp'
      ? mountWhatsApp(view, { number: given.number, customer: given.customer, name: given.name })
      : mountMeta(
          view,
          app,
          { account: given.account, customer: given.customer, name: given.name },
          setTools,
        );
  save('app', app);
  // A switch drops the previous app's ids from the address, so a reload opens this app.
  if (switched) {
    const url = new URL(window.location.href);
    url.search = new URLSearchParams({ app }).toString();
    window.history.replaceState(null, '', url);
  }
}

mount(current);
