import { h, icon } from '../../phone/client/dom.js';
import { api, type WaPhoneView } from './api.js';

export interface DevicesHooks {
  phone: () => WaPhoneView | null;
  flash: (message: string) => void;
}

// A laptop, for a linked device's row (constant markup, never data).
const LAPTOP =
  '<svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor"><path d="M4 5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v10H4zm2 0v8h12V5zM1 17h22v1a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2z"/></svg>';

function laptop(): HTMLElement {
  const span = h('span', { class: 'icon', 'aria-hidden': 'true' });
  span.innerHTML = LAPTOP;
  return span;
}

function ago(ms: number): string {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}

/**
 * WhatsApp's "Linked devices" screen: link a device by the code its QR carries (or a pairing
 * code), see the linked ones with their state, log one out; and the phone's network switch.
 */
export function devicesView(hooks: DevicesHooks) {
  const code = h('textarea', {
    class: 'link-code',
    'data-testid': 'wa-link-code',
    rows: 3,
    placeholder: 'Paste the code from Sapa’s QR (2@…) or type a pairing code (ABCD-EFGH)',
    'aria-label': 'Code to scan',
    spellcheck: 'false',
  });
  const error = h('p', { class: 'link-error', role: 'alert', hidden: true });
  const linkButton = h(
    'button',
    {
      type: 'button',
      class: 'primary',
      'data-testid': 'wa-link-submit',
      onclick: () => void link(),
    },
    'Link device',
  );
  const linkPanel = h(
    'div',
    { class: 'link-panel', hidden: true, 'data-testid': 'wa-link-panel' },
    h('h3', {}, 'Scan the QR code'),
    h(
      'p',
      { class: 'hint' },
      'In Sapa, open Integrations → WhatsApp and start linking. The sandbox phone has no camera: copy the code under the QR (or the pairing code) and paste it here.',
    ),
    code,
    error,
    h(
      'div',
      { class: 'link-actions' },
      h('button', { type: 'button', class: 'ghost', onclick: () => toggle(false) }, 'Cancel'),
      linkButton,
    ),
  );
  const openButton = h(
    'button',
    {
      type: 'button',
      class: 'primary wide',
      'data-testid': 'wa-link-open',
      onclick: () => toggle(true),
    },
    'Link a device',
  );
  const list = h('div', { class: 'device-list', 'data-testid': 'wa-devices' });
  const network = h('input', {
    type: 'checkbox',
    'data-testid': 'wa-offline-toggle',
    onchange: () => void setOffline(network.checked),
  });
  const root = h(
    'section',
    { class: 'pane devices-pane', 'aria-label': 'Linked devices' },
    h(
      'div',
      { class: 'devices-hero' },
      h('div', { class: 'hero-icon' }, icon('link')),
      h(
        'p',
        {},
        'Use WhatsApp on other devices, such as Sapa, while this phone stays the number’s home.',
      ),
      openButton,
    ),
    linkPanel,
    h('h4', { class: 'section-title' }, 'Linked devices'),
    list,
    h(
      'label',
      { class: 'network' },
      network,
      h(
        'span',
        {},
        h('strong', {}, 'Devices offline'),
        h('small', {}, 'Cuts linked devices off; customers’ messages wait until they are back.'),
      ),
    ),
    h(
      'p',
      { class: 'fineprint' },
      icon('info', 'icon-sm'),
      'Up to 4 devices can be linked to one number.',
    ),
  );

  function toggle(on: boolean) {
    linkPanel.hidden = !on;
    openButton.hidden = on;
    error.hidden = true;
    if (on) code.focus();
  }

  async function link() {
    const phone = hooks.phone();
    const value = code.value.trim();
    if (!phone || !value) return;
    linkButton.setAttribute('disabled', '');
    try {
      await api.scan(phone.phone, value);
      code.value = '';
      toggle(false);
      hooks.flash('Device linked');
    } catch (err) {
      error.textContent = err instanceof Error ? err.message : String(err);
      error.hidden = false;
    } finally {
      linkButton.removeAttribute('disabled');
    }
  }

  async function setOffline(offline: boolean) {
    const phone = hooks.phone();
    if (!phone) return;
    await api.setOffline(phone.phone, offline);
    hooks.flash(offline ? 'Linked devices are offline' : 'Linked devices are back online');
  }

  function render(view: WaPhoneView) {
    network.checked = view.offline;
    list.replaceChildren(
      ...(view.devices.length
        ? view.devices.map((d) =>
            h(
              'div',
              {
                class: 'device',
                'data-testid': 'wa-device',
                'data-connected': String(d.connected),
              },
              h('div', { class: 'device-icon' }, laptop()),
              h(
                'div',
                { class: 'device-text' },
                h('strong', {}, d.client),
                h(
                  'small',
                  { class: d.connected ? 'state on' : 'state' },
                  d.connected ? 'Active now' : `Last active ${ago(d.lastSeenAt)}`,
                  d.pending ? ` · ${d.pending} waiting` : '',
                ),
              ),
              h(
                'button',
                {
                  type: 'button',
                  class: 'ghost danger',
                  'data-testid': 'wa-device-logout',
                  onclick: () => {
                    if (
                      !window.confirm(`Log out ${d.client}? It will need a new QR to link again.`)
                    )
                      return;
                    void api.logOut(d.id).then(() => hooks.flash(`${d.client} logged out`));
                  },
                },
                'Log out',
              ),
            ),
          )
        : [h('p', { class: 'empty-note' }, 'No linked devices yet.')]),
    );
  }

  return { root, render };
}
