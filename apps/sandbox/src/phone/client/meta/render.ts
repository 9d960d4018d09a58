import { h, icon } from '../dom.js';
import { time } from '../render.js';
import { dayLabel } from '../ui.js';
import { assetUrl, type MetaApp, type MetaAttachment, type MetaMsg } from './api.js';

export interface ThreadHooks {
  app: MetaApp;
  businessName: string;
  lookup(mid: string): MetaMsg | undefined;
  onPostback(title: string, payload: string): void;
  onReact(message: MetaMsg, anchor: HTMLElement): void;
  onReply(message: MetaMsg): void;
  onUnsend(message: MetaMsg): void;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** One line about a message, for quotes and the reply bar. */
export function summary(m: MetaMsg): string {
  if (m.deleted) return 'Unsent message';
  if (m.text) return m.text;
  const a = m.attachments?.[0];
  if (m.story?.kind === 'mention') return 'Mentioned you in their story';
  if (!a) return 'Message';
  if (a.type === 'template') return str(obj(a.payload).text) || 'Card';
  return { image: '📷 Photo', video: '🎥 Video', audio: '🎤 Audio' }[a.type] ?? '📄 File';
}

function buttons(list: unknown, hooks: ThreadHooks) {
  return arr(list)
    .map(obj)
    .map((b) =>
      b.type === 'web_url'
        ? h(
            'a',
            { class: 'm-card-btn', href: str(b.url), target: '_blank', rel: 'noopener' },
            str(b.title),
          )
        : h(
            'button',
            {
              type: 'button',
              class: 'm-card-btn',
              'data-testid': 'phone-postback',
              'data-payload': str(b.payload),
              onclick: () => hooks.onPostback(str(b.title), str(b.payload)),
            },
            str(b.title),
          ),
    );
}

function template(a: MetaAttachment, hooks: ThreadHooks): HTMLElement {
  const p = obj(a.payload);
  if (p.template_type === 'generic') {
    return h(
      'div',
      { class: 'm-cards' },
      ...arr(p.elements)
        .map(obj)
        .map((e) =>
          h(
            'div',
            { class: 'm-card' },
            e.image_url ? h('img', { src: str(e.image_url), alt: '', class: 'm-card-img' }) : null,
            h('strong', {}, str(e.title)),
            e.subtitle ? h('small', {}, str(e.subtitle)) : null,
            ...buttons(e.buttons, hooks),
          ),
        ),
    );
  }
  return h('div', { class: 'm-card' }, h('p', {}, str(p.text)), ...buttons(p.buttons, hooks));
}

function attachment(a: MetaAttachment, hooks: ThreadHooks): HTMLElement {
  if (a.type === 'template') return template(a, hooks);
  const src = a.assetId ? assetUrl(a.assetId) : '';
  if (a.type === 'image') return h('img', { class: 'm-media', src, alt: 'Photo', loading: 'lazy' });
  if (a.type === 'video') return h('video', { class: 'm-media', src, controls: true });
  if (a.type === 'audio') return h('audio', { src, controls: true, preload: 'none' });
  return h(
    'a',
    { class: 'm-file', href: src, download: a.filename ?? 'file', target: '_blank' },
    icon('doc', 'm-file-icon'),
    h('span', {}, a.filename ?? 'File'),
  );
}

function storyPart(m: MetaMsg, hooks: ThreadHooks): HTMLElement | null {
  if (!m.story) return null;
  const label =
    m.story.kind === 'reply'
      ? 'You replied to their story'
      : `You mentioned ${hooks.businessName} in your story`;
  return h(
    'div',
    { class: 'm-story-ref' },
    h('small', {}, label),
    h('img', { src: assetUrl(m.story.assetId), alt: 'Story', class: 'm-story-thumb' }),
  );
}

function actions(m: MetaMsg, hooks: ThreadHooks): HTMLElement {
  const own = m.from === 'customer';
  const button = (label: string, testId: string, onclick: (e: Event) => void, child: Node) =>
    h(
      'button',
      {
        type: 'button',
        class: 'm-act',
        title: label,
        'aria-label': label,
        'data-testid': testId,
        onclick,
      },
      child,
    );
  return h(
    'div',
    { class: 'm-actions' },
    button(
      'React',
      'phone-react',
      (e) => hooks.onReact(m, e.currentTarget as HTMLElement),
      icon('smile', 'icon-sm'),
    ),
    button('Reply', 'phone-reply', () => hooks.onReply(m), icon('reply', 'icon-sm')),
    own && hooks.app === 'instagram' && !m.deleted
      ? button('Unsend', 'phone-unsend', () => hooks.onUnsend(m), icon('close', 'icon-sm'))
      : null,
  );
}

function bubble(m: MetaMsg, hooks: ThreadHooks): HTMLElement {
  const own = m.from === 'customer';
  const quoted = m.replyTo ? hooks.lookup(m.replyTo) : undefined;
  const reactions = [m.reactions?.business, m.reactions?.customer].filter(Boolean).join('');
  // Photos and cards stand on their own, without a coloured bubble around them.
  const bare = !!m.attachments?.length && !m.text && !m.deleted;
  const body: Array<HTMLElement | null> = m.deleted
    ? [h('div', { class: 'm-text m-deleted' }, own ? 'You unsent a message' : 'Message unsent')]
    : [
        storyPart(m, hooks),
        ...(m.attachments ?? []).map((a) => attachment(a, hooks)),
        m.text ? h('div', { class: 'm-text' }, m.text) : null,
      ];
  return h(
    'div',
    {
      class: `m-bubble${bare ? ' m-bare' : ''}`,
      'data-testid': 'phone-message',
      'data-direction': own ? 'out' : 'in',
      'data-mid': m.mid,
      'data-status': m.status,
      title: time(m.timestamp),
      // Touch screens have no hover: a tap shows this bubble's actions.
      onclick: (e: Event) => {
        const row = (e.currentTarget as HTMLElement).closest('.m-row');
        for (const other of document.querySelectorAll('.m-row.show'))
          if (other !== row) other.classList.remove('show');
        row?.classList.toggle('show');
      },
    },
    quoted
      ? h(
          'div',
          { class: 'm-quote' },
          h('small', {}, quoted.from === 'customer' ? 'You' : hooks.businessName),
          h('span', {}, summary(quoted)),
        )
      : null,
    ...body,
    reactions
      ? h('span', { class: 'm-reactions', 'data-testid': 'phone-reactions' }, reactions)
      : null,
  );
}

const GAP_MS = 20 * 60 * 1000;

/**
 * The thread as Messenger and Instagram draw it: grouped bubbles, a time line after a pause,
 * the business's picture beside its last bubble, and Sent / Delivered / Seen under the last own.
 */
export function renderThread(
  messages: MetaMsg[],
  hooks: ThreadHooks,
  view: { seenAt: number | null; typing: boolean },
): HTMLElement[] {
  const nodes: HTMLElement[] = [];
  const lastOwn = [...messages].reverse().find((m) => m.from === 'customer');
  messages.forEach((m, i) => {
    const prev = messages[i - 1];
    const next = messages[i + 1];
    if (!prev || m.timestamp - prev.timestamp > GAP_MS)
      nodes.push(h('div', { class: 'm-time' }, `${dayLabel(m.timestamp)} ${time(m.timestamp)}`));
    const own = m.from === 'customer';
    const endOfGroup = !next || next.from !== m.from || next.timestamp - m.timestamp > GAP_MS;
    const avatar =
      !own && endOfGroup
        ? h('span', { class: 'm-avatar sm' }, initials(hooks.businessName))
        : h('span', { class: 'm-avatar-space' });
    nodes.push(
      h(
        'div',
        { class: `m-row ${own ? 'out' : 'in'}${endOfGroup ? ' end' : ''}` },
        own ? null : avatar,
        bubble(m, hooks),
        actions(m, hooks),
      ),
    );
    if (m.origin === 'meta_app')
      nodes.push(h('div', { class: 'm-note in' }, 'Sent from the Page’s inbox in Meta’s app'));
    if (m === lastOwn && !m.deleted) {
      const seen = m.status === 'read' || (view.seenAt !== null && view.seenAt >= m.timestamp);
      nodes.push(
        h(
          'div',
          { class: 'm-note out', 'data-testid': seen ? 'phone-seen' : 'phone-status' },
          seen ? 'Seen' : m.status === 'delivered' ? 'Delivered' : 'Sent',
        ),
      );
    }
  });
  if (view.typing)
    nodes.push(
      h(
        'div',
        { class: 'm-row in end' },
        h('span', { class: 'm-avatar sm' }, initials(hooks.businessName)),
        h('div', { class: 'm-bubble m-typing', 'aria-label': 'typing' }, h('i'), h('i'), h('i')),
      ),
    );
  return nodes;
}
