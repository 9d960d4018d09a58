import { mediaUrl, type PhoneMessage } from './api.js';
import { h, icon } from './dom.js';
import { quoteOf, replyAction } from './ui.js';

export type TapReply =
  | { kind: 'button_reply'; id: string; title: string }
  | { kind: 'list_reply'; id: string; title: string; description?: string }
  | { kind: 'button'; payload: string; text: string };

export interface RenderHooks {
  lookup(id: string): PhoneMessage | undefined;
  onTap(reply: TapReply, message: PhoneMessage): void;
  onOpenList(message: PhoneMessage): void;
  onReply(message: PhoneMessage): void;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export const time = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One-line description, for quoted replies and the reply bar. */
export function summary(m: PhoneMessage): string {
  const c = obj(m.content);
  switch (m.type) {
    case 'text':
      return str(c.body);
    case 'image':
    case 'video':
    case 'audio':
    case 'sticker':
      return `${{ image: '📷 Photo', video: '🎥 Video', audio: '🎤 Audio', sticker: '🏷 Sticker' }[m.type]}${c.caption ? ` · ${str(c.caption)}` : ''}`;
    case 'document':
      return `📄 ${str(c.filename) || 'Document'}`;
    case 'location':
      return `📍 ${str(c.name) || 'Location'}`;
    case 'contacts':
      return `👤 ${str(obj(obj(arr(m.content)[0]).name).formatted_name) || 'Contact'}`;
    case 'interactive': {
      const reply = obj(c.button_reply ?? c.list_reply);
      return str(reply.title) || str(obj(c.body).text) || 'Interactive message';
    }
    case 'button':
      return str(c.text);
    case 'template':
      return str(obj(c.rendered).body) || `Template: ${str(c.name)}`;
    default:
      return 'Message';
  }
}

function mediaSrc(c: Obj): string {
  return c.id ? mediaUrl(str(c.id)) : str(c.link);
}

function caption(c: Obj) {
  return c.caption ? h('div', { class: 'caption' }, str(c.caption)) : null;
}

function fileCard(c: Obj, fallbackName: string) {
  const name = str(c.filename) || fallbackName;
  return h(
    'a',
    { class: 'file', href: mediaSrc(c), download: name, target: '_blank', rel: 'noopener' },
    icon('doc', 'file-icon'),
    h(
      'span',
      { class: 'file-meta' },
      h('strong', {}, name),
      h('small', {}, str(c.mime_type) || 'document'),
    ),
  );
}

const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;

/** Text with its web addresses as links a tester can open (a survey's link, a shop page). */
function textBody(text: string) {
  const parts: Array<string | HTMLElement> = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      h(
        'a',
        { href: match[0], target: '_blank', rel: 'noopener', 'data-testid': 'phone-link' },
        match[0],
      ),
    );
    at = start + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return h('div', { class: 'text' }, ...parts);
}

function buttonRow(
  buttons: Array<{ label: string; onClick: () => void; testId?: string; id?: string }>,
) {
  if (!buttons.length) return null;
  return h(
    'div',
    { class: 'buttons' },
    ...buttons.map((b) =>
      h(
        'button',
        {
          type: 'button',
          class: 'quick',
          'data-testid': b.testId ?? 'phone-button',
          'data-id': b.id,
          onclick: b.onClick,
        },
        b.label,
      ),
    ),
  );
}

function renderInteractive(m: PhoneMessage, c: Obj, hooks: RenderHooks) {
  if (m.from === 'customer') return [textBody(summary(m))];
  const header = obj(c.header);
  const action = obj(c.action);
  const parts: Array<HTMLElement | null> = [];
  if (header.type === 'text') parts.push(h('div', { class: 'header' }, str(header.text)));
  else if (header.type === 'image')
    parts.push(h('img', { class: 'media', src: mediaSrc(obj(header.image)), alt: '' }));
  else if (header.type) parts.push(fileCard(obj(header[str(header.type)]), str(header.type)));
  parts.push(textBody(str(obj(c.body).text)));
  if (c.footer) parts.push(h('div', { class: 'footer' }, str(obj(c.footer).text)));
  const after: Array<HTMLElement | null> = [];
  if (c.type === 'button') {
    after.push(
      buttonRow(
        arr(action.buttons).map((b) => {
          const reply = obj(obj(b).reply);
          const id = str(reply.id);
          const title = str(reply.title);
          return {
            label: title,
            id,
            onClick: () => hooks.onTap({ kind: 'button_reply', id, title }, m),
          };
        }),
      ),
    );
  } else if (c.type === 'list') {
    after.push(
      buttonRow([
        {
          label: `☰ ${str(action.button)}`,
          testId: 'phone-list-open',
          onClick: () => hooks.onOpenList(m),
        },
      ]),
    );
  } else if (c.type === 'cta_url') {
    const params = obj(action.parameters);
    after.push(
      h(
        'div',
        { class: 'buttons' },
        h(
          'a',
          { class: 'quick', href: str(params.url), target: '_blank', rel: 'noopener' },
          icon('link', 'icon-sm'),
          str(params.display_text),
        ),
      ),
    );
  }
  return [...parts, ...after];
}

function renderTemplate(m: PhoneMessage, c: Obj, hooks: RenderHooks) {
  const components = arr(c.components).map(obj);
  const parts: Array<HTMLElement | null> = [
    h('div', { class: 'template-tag' }, `Template · ${str(c.name)} · ${str(obj(c.language).code)}`),
  ];
  // The sandbox filled the approved text in (as a phone shows it); older messages lack it.
  const view = obj(c.rendered);
  if (typeof view.body === 'string') return renderFilledTemplate(m, components, view, parts, hooks);
  const paramText = (p: Obj): string => {
    if (p.type === 'text') return str(p.text);
    if (p.type === 'currency') return str(obj(p.currency).fallback_value);
    if (p.type === 'date_time') return str(obj(p.date_time).fallback_value);
    return str(p.type);
  };
  const buttons: Array<{ label: string; onClick: () => void; id?: string }> = [];
  for (const comp of components) {
    const params = arr(comp.parameters).map(obj);
    const type = str(comp.type).toLowerCase();
    if (type === 'header') {
      for (const p of params) {
        const media = obj(p[str(p.type)]);
        if (p.type === 'image')
          parts.push(h('img', { class: 'media', src: mediaSrc(media), alt: '' }));
        else if (p.type === 'text') parts.push(h('div', { class: 'header' }, str(p.text)));
        else if (p.type === 'document' || p.type === 'video')
          parts.push(fileCard(media, str(p.type)));
      }
    } else if (type === 'body' && params.length) {
      parts.push(h('ol', { class: 'params' }, ...params.map((p) => h('li', {}, paramText(p)))));
    } else if (type === 'button') {
      const payload = str(params.map((p) => p.payload ?? p.text)[0]);
      const label =
        str(comp.sub_type) === 'quick_reply'
          ? payload || `Button ${str(comp.index)}`
          : `🔗 ${payload}`;
      if (str(comp.sub_type) === 'quick_reply') {
        buttons.push({
          label,
          id: payload,
          onClick: () => hooks.onTap({ kind: 'button', payload, text: label }, m),
        });
      } else {
        buttons.push({ label, onClick: () => undefined });
      }
    }
  }
  return [...parts, buttonRow(buttons)];
}

function renderFilledTemplate(
  m: PhoneMessage,
  components: Obj[],
  view: Obj,
  parts: Array<HTMLElement | null>,
  hooks: RenderHooks,
) {
  for (const comp of components.filter((x) => str(x.type).toLowerCase() === 'header')) {
    for (const p of arr(comp.parameters).map(obj)) {
      const media = obj(p[str(p.type)]);
      if (p.type === 'image')
        parts.push(h('img', { class: 'media', src: mediaSrc(media), alt: '' }));
      else if (p.type === 'document' || p.type === 'video')
        parts.push(fileCard(media, str(p.type)));
    }
  }
  if (view.header) parts.push(h('div', { class: 'header' }, str(view.header)));
  parts.push(textBody(str(view.body)));
  if (view.footer) parts.push(h('div', { class: 'footer' }, str(view.footer)));
  const buttons = arr(view.buttons)
    .map(obj)
    .map((b) => {
      const label = str(b.label);
      return str(b.type) === 'QUICK_REPLY'
        ? {
            label,
            id: label,
            onClick: () => hooks.onTap({ kind: 'button', payload: label, text: label }, m),
          }
        : { label: str(b.type) === 'URL' ? `🔗 ${label}` : label, onClick: () => undefined };
    });
  return [...parts, buttonRow(buttons)];
}

function renderContent(m: PhoneMessage, hooks: RenderHooks): Array<HTMLElement | null> {
  const c = obj(m.content);
  switch (m.type) {
    case 'text':
      return [textBody(str(c.body))];
    case 'image':
      return [
        h('img', {
          class: 'media',
          src: mediaSrc(c),
          alt: str(c.caption) || 'photo',
          loading: 'lazy',
        }),
        caption(c),
      ];
    case 'sticker':
      return [h('img', { class: 'sticker', src: mediaSrc(c), alt: 'sticker' })];
    case 'video':
      return [
        h('video', { class: 'media', src: mediaSrc(c), controls: true, preload: 'metadata' }),
        caption(c),
      ];
    case 'audio':
      return [h('audio', { src: mediaSrc(c), controls: true, preload: 'none' })];
    case 'document':
      return [fileCard(c, 'document'), caption(c)];
    case 'location': {
      const lat = str(c.latitude);
      const lon = str(c.longitude);
      return [
        h(
          'a',
          {
            class: 'location',
            href: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
            target: '_blank',
            rel: 'noopener',
          },
          h('span', { class: 'map' }, icon('pin', 'pin')),
          h('strong', {}, str(c.name) || 'Shared location'),
          h('small', {}, str(c.address) || `${lat}, ${lon}`),
        ),
      ];
    }
    case 'contacts':
      return arr(m.content).map((card) => {
        const cc = obj(card);
        const phones = arr(cc.phones).map((p) => str(obj(p).phone));
        return h(
          'div',
          { class: 'contact' },
          icon('person', 'avatar sm'),
          h(
            'span',
            {},
            h('strong', {}, str(obj(cc.name).formatted_name)),
            h('small', {}, phones.join(', ')),
          ),
        );
      });
    case 'interactive':
      return renderInteractive(m, c, hooks);
    case 'template':
      return renderTemplate(m, c, hooks);
    case 'button':
      return [textBody(str(c.text))];
    default:
      return [
        h('div', { class: 'text muted' }, 'This message type is not supported on this phone.'),
      ];
  }
}

function ticks(m: PhoneMessage) {
  const name = m.status === 'failed' ? 'alert' : m.status === 'sent' ? 'check' : 'checks';
  const el = icon(name, `ticks ${m.status}`);
  el.dataset.testid = 'phone-ticks';
  el.dataset.status = m.status;
  el.title = m.status;
  return el;
}

/** A chat bubble. The phone's own messages are "out"; what the business sends is "in". */
export function renderBubble(m: PhoneMessage, hooks: RenderHooks): HTMLElement {
  const own = m.from === 'customer';
  const quoted = m.contextId ? hooks.lookup(m.contextId) : undefined;
  const reactions = [m.reactions?.customer, m.reactions?.business].filter(Boolean).join(' ');
  const content = renderContent(m, hooks);
  const buttons = content.filter((el) => el?.classList.contains('buttons'));
  const inner = content.filter((el) => !el?.classList.contains('buttons'));
  return h(
    'div',
    { class: `row ${own ? 'out' : 'in'}`, 'data-row': m.id },
    h(
      'div',
      {
        class: `bubble type-${m.type}`,
        'data-testid': 'phone-message',
        'data-direction': own ? 'out' : 'in',
        'data-status': m.status,
        'data-type': m.type,
        'data-id': m.id,
        ondblclick: () => hooks.onReply(m),
      },
      m.contextId
        ? quoteOf(
            quoted?.from === 'customer' ? 'You' : 'Business',
            quoted ? summary(quoted) : 'Original message',
          )
        : null,
      ...inner,
      h('span', { class: 'meta' }, time(m.timestamp), own ? ticks(m) : null),
      replyAction(() => hooks.onReply(m)),
      reactions ? h('span', { class: 'reactions' }, reactions) : null,
    ),
    ...buttons,
  );
}
