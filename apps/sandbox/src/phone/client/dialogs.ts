import type { PhoneMessage } from './api.js';
import { h, icon } from './dom.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A bottom sheet inside the phone frame; returns a function that closes it. */
export function openSheet(host: HTMLElement, title: string, body: HTMLElement): () => void {
  const close = () => overlay.remove();
  const overlay = h(
    'div',
    { class: 'overlay', onclick: (e: Event) => e.target === overlay && close() },
    h(
      'div',
      { class: 'sheet', role: 'dialog', 'aria-label': title },
      h(
        'div',
        { class: 'sheet-head' },
        h('strong', {}, title),
        h(
          'button',
          { type: 'button', class: 'icon-btn', 'aria-label': 'Close', onclick: close },
          icon('close'),
        ),
      ),
      body,
    ),
  );
  host.append(overlay);
  overlay.querySelector<HTMLInputElement>('input')?.focus();
  return close;
}

function field(label: string, input: HTMLInputElement) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

export interface LocationInput {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export function locationDialog(host: HTMLElement, onSend: (loc: LocationInput) => void): void {
  const lat = h('input', {
    type: 'number',
    step: 'any',
    value: '-6.1754',
    'data-testid': 'phone-location-lat',
  });
  const lon = h('input', {
    type: 'number',
    step: 'any',
    value: '106.8272',
    'data-testid': 'phone-location-lon',
  });
  const name = h('input', { value: 'Monas', 'data-testid': 'phone-location-name' });
  const address = h('input', {
    value: 'Gambir, Central Jakarta',
    'data-testid': 'phone-location-address',
  });
  const form = h(
    'form',
    { class: 'sheet-form' },
    h('div', { class: 'two' }, field('Latitude', lat), field('Longitude', lon)),
    field('Place name', name),
    field('Address', address),
    h(
      'button',
      { type: 'submit', class: 'primary', 'data-testid': 'phone-location-send' },
      icon('pin', 'icon-sm'),
      'Send location',
    ),
  );
  const close = openSheet(host, 'Share location', form);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const latitude = Number(lat.value);
    const longitude = Number(lon.value);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    onSend({
      latitude,
      longitude,
      name: name.value || undefined,
      address: address.value || undefined,
    });
    close();
  });
}

export function contactDialog(host: HTMLElement, onSend: (card: Obj) => void): void {
  const name = h('input', {
    value: 'Siti Rahayu',
    'data-testid': 'phone-contact-name',
    required: true,
  });
  const phone = h('input', {
    value: '+62 812 3456 7890',
    'data-testid': 'phone-contact-phone',
    required: true,
  });
  const email = h('input', { type: 'email', value: '', placeholder: 'optional' });
  const form = h(
    'form',
    { class: 'sheet-form' },
    field('Name', name),
    field('Phone', phone),
    field('Email', email),
    h(
      'button',
      { type: 'submit', class: 'primary', 'data-testid': 'phone-contact-send' },
      icon('person', 'icon-sm'),
      'Send contact',
    ),
  );
  const close = openSheet(host, 'Share contact', form);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const digits = phone.value.replace(/\D/g, '');
    const [first, ...rest] = name.value.trim().split(/\s+/);
    onSend({
      name: {
        formatted_name: name.value.trim(),
        first_name: first,
        ...(rest.length ? { last_name: rest.join(' ') } : {}),
      },
      phones: [{ phone: phone.value.trim(), wa_id: digits, type: 'CELL' }],
      ...(email.value ? { emails: [{ email: email.value, type: 'HOME' }] } : {}),
    });
    close();
  });
}

export function listSheet(
  host: HTMLElement,
  message: PhoneMessage,
  onPick: (row: { id: string; title: string; description?: string }) => void,
): void {
  const action = obj(obj(message.content).action);
  const sections = Array.isArray(action.sections) ? action.sections.map(obj) : [];
  let close = () => {};
  const body = h(
    'div',
    { class: 'list-sheet' },
    ...sections.map((section) =>
      h(
        'div',
        { class: 'list-section' },
        section.title ? h('div', { class: 'list-title' }, str(section.title)) : null,
        ...(Array.isArray(section.rows) ? section.rows.map(obj) : []).map((row) =>
          h(
            'button',
            {
              type: 'button',
              class: 'list-row',
              'data-testid': 'phone-list-row',
              'data-id': str(row.id),
              onclick: () => {
                onPick({
                  id: str(row.id),
                  title: str(row.title),
                  description: str(row.description) || undefined,
                });
                close();
              },
            },
            h('strong', {}, str(row.title)),
            row.description ? h('small', {}, str(row.description)) : null,
          ),
        ),
      ),
    ),
  );
  close = openSheet(host, str(action.button) || 'Choose', body);
}
