import { h, icon } from '../../phone/client/dom.js';
import { api, type WaGroup } from './api.js';

/**
 * "New group" on the number's phone: a subject and two or three of the number's customers
 * (one per line or comma: the number, then an optional name). The group then lists as a chat.
 */
export function newGroupForm(
  phone: () => string,
  hooks: { flash: (message: string) => void; opened: (group: WaGroup) => void },
) {
  const subject = h('input', {
    'data-testid': 'wa-new-group-subject',
    placeholder: 'Group name, e.g. Pelanggan Setia',
    'aria-label': 'Group name',
    maxlength: 100,
  });
  const members = h('textarea', {
    'data-testid': 'wa-new-group-members',
    rows: 2,
    placeholder: '6281398765432 Sari, 6281234567890 Budi',
    'aria-label': 'Members: number and name, separated by commas',
  });
  const create = async () => {
    const participants = members.value
      .split(/[,\n]/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [digits = '', ...name] = line.split(/\s+/);
        return { phone: digits.replace(/\D/g, ''), name: name.join(' ') || `+${digits}` };
      });
    if (!subject.value.trim()) return hooks.flash('Give the group a name');
    if (!participants.length || participants.some((p) => !/^\d{5,20}$/.test(p.phone)))
      return hooks.flash('List the members’ numbers with their country code');
    try {
      const group = await api.createGroup(phone(), subject.value.trim(), participants);
      subject.value = '';
      members.value = '';
      form.open = false;
      hooks.opened(group);
    } catch (err) {
      hooks.flash(err instanceof Error ? err.message : String(err));
    }
  };
  const form = h(
    'details',
    { class: 'new-group', 'data-testid': 'wa-new-group' },
    h(
      'summary',
      { class: 'new-chat-title', 'data-testid': 'wa-new-group-toggle' },
      icon('group', 'icon-sm'),
      'New group',
    ),
    h(
      'form',
      {
        class: 'new-group-fields',
        onsubmit: (e: Event) => {
          e.preventDefault();
          void create();
        },
      },
      subject,
      members,
      h(
        'button',
        { type: 'submit', class: 'primary', 'data-testid': 'wa-new-group-create' },
        'Create group',
      ),
    ),
  );
  return form;
}

/** "Write as": which member of the group the composer speaks for. */
export function memberPicker(group: WaGroup) {
  const select = h(
    'select',
    { class: 'member-select', 'data-testid': 'wa-group-member', 'aria-label': 'Write as' },
    ...group.participants.map((p) => h('option', { value: p.phone }, p.name)),
  );
  return select;
}

/** A member's name as the group shows it above their message. */
export function authorLabel(group: WaGroup, author: string | null): HTMLElement | null {
  if (!author) return null;
  const member = group.participants.find((p) => p.phone === author);
  return h('div', { class: 'author', 'data-testid': 'wa-author' }, member?.name ?? `+${author}`);
}
