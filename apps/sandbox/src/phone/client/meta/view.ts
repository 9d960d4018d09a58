import { h } from '../dom.js';
import { composerKeys, fillReplyBar, save, saved, takeText } from '../ui.js';
import {
  act,
  eventsUrl,
  listPages,
  replyFromMetaApp,
  upload,
  type MetaApp,
  type MetaMsg,
  type PageInfo,
  type Snapshot,
} from './api.js';
import { buildLayout, LABEL } from './layout.js';
import { initials, renderThread, summary, type ThreadHooks } from './render.js';
import { reactionPicker } from './picker.js';
import { openStory } from './story.js';
import { renderTools } from './tools.js';

export interface MetaDefaults {
  account?: string;
  customer?: string;
  name?: string;
}

const randomId = (prefix: string) =>
  prefix + Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('');

/**
 * The Messenger or Instagram customer: writes, sends photos, reacts, taps quick replies and
 * buttons, answers the business's story; viewing the thread sends Meta's read event.
 */
export function mountMeta(
  root: HTMLElement,
  app: MetaApp,
  defaults: MetaDefaults,
  /** Shows the business tools beside the phone (and in the phone's Tools sheet). */
  setTools: (render: (() => HTMLElement) | null) => void,
): () => void {
  const k = (name: string) => `${app}.${name}`;
  let customer =
    defaults.customer ?? saved(k('customer')) ?? randomId(app === 'messenger' ? '24' : '17');
  save(k('customer'), customer);
  const state = {
    pages: [] as PageInfo[],
    account: defaults.account ?? saved(k('account')) ?? '',
    name: defaults.name ?? saved('name') ?? 'Budi Santoso',
    messages: new Map<string, MetaMsg>(),
    snapshot: null as Snapshot | null,
    seenAt: null as number | null,
    typing: false,
    replyTo: null as MetaMsg | null,
    source: null as EventSource | null,
    hadThread: false,
  };

  const ui = buildLayout(root, app, { customer, name: state.name });
  const { avatar, title, subtitle, setLive, select, idInput, nameInput, storyBar, banner } = ui;
  const { thread, chat, quick, replyBar, input, fileInput, picker, flash } = ui;
  ui.sendButton.addEventListener('click', () => void sendText());

  // ---- rendering ------------------------------------------------------------------------
  const business = () => state.snapshot?.business ?? { name: 'Business' };
  const hooks: ThreadHooks = {
    app,
    get businessName() {
      return business().name;
    },
    lookup: (mid) => state.messages.get(mid),
    onPostback: (titleText, payload) => void send({ type: 'postback', title: titleText, payload }),
    onReact: (message, anchor) => reactions.open(message, anchor),
    onReply: (message) => setReply(message),
    onUnsend: (message) => void send({ type: 'unsend', mid: message.mid }, false),
  };

  function render() {
    const nearBottom = chat.scrollHeight - chat.scrollTop - chat.clientHeight < 140;
    const sorted = [...state.messages.values()].sort((a, b) => a.timestamp - b.timestamp);
    const nodes = renderThread(sorted, hooks, { seenAt: state.seenAt, typing: state.typing });
    if (!sorted.length)
      nodes.push(
        h(
          'div',
          { class: 'm-empty' },
          h('span', { class: 'm-avatar lg' }, initials(business().name)),
          h('strong', {}, business().name),
          h(
            'small',
            {},
            `${LABEL[app].app} · sandbox. Say hello: it reaches Sapa as a signed webhook.`,
          ),
        ),
      );
    thread.replaceChildren(...nodes);
    renderQuickReplies(sorted);
    if (nearBottom) {
      chat.scrollTop = chat.scrollHeight;
      // Pictures grow the thread once they load: stay at the bottom.
      for (const img of thread.querySelectorAll('img'))
        img.addEventListener('load', () => (chat.scrollTop = chat.scrollHeight), { once: true });
    }
    const hasThread = sorted.length > 0;
    if (hasThread !== state.hadThread) {
      state.hadThread = hasThread;
      renderToolsPanel();
    }
  }

  function renderQuickReplies(sorted: MetaMsg[]) {
    const last = sorted.at(-1);
    const chips =
      last?.from === 'business'
        ? (last.quickReplies ?? []).filter((q) => q.content_type === 'text')
        : [];
    quick.hidden = !chips.length;
    quick.replaceChildren(
      ...chips.map((q) =>
        h(
          'button',
          {
            type: 'button',
            class: 'm-chip',
            'data-testid': 'phone-quick-reply',
            onclick: () =>
              void send({ type: 'quick_reply', text: q.title ?? '', payload: q.payload ?? '' }),
          },
          q.title ?? '',
        ),
      ),
    );
  }

  function renderHeader() {
    const snap = state.snapshot;
    const name = business().name;
    title.textContent = name;
    subtitle.classList.toggle('typing', state.typing);
    subtitle.textContent = state.typing
      ? 'typing…'
      : app === 'instagram' && snap?.business.username
        ? `@${snap.business.username} · sandbox`
        : `${LABEL[app].app} · sandbox Page`;
    avatar.textContent = initials(name);
    avatar.classList.toggle('ring', !!snap?.story);
    storyBar.hidden = !snap?.story;
    storyBar.replaceChildren(
      h('span', { class: 'm-avatar sm ring' }, initials(name)),
      h(
        'span',
        {},
        h('strong', {}, snap?.business.username ?? name),
        ' added to their story. Tap to view and reply.',
      ),
    );
    banner.hidden = !snap || snap.subscribed;
    banner.textContent =
      'This Page has no app subscribed, so Meta sends Sapa nothing. Connect it in Sapa (details beside the phone).';
  }

  function renderToolsPanel() {
    const account = state.account;
    const page =
      app === 'messenger'
        ? state.pages.find((p) => p.pageId === account)
        : state.pages.find((p) => p.instagramAccount?.instagramAccountId === account);
    setTools(() =>
      renderTools({
        app,
        page,
        instagram: page?.instagramAccount ?? undefined,
        businessName: business().name,
        hasThread: state.hadThread,
        onEcho: async (text) => {
          try {
            await replyFromMetaApp(app, state.account, customer, text);
            return true;
          } catch (err) {
            flash(err instanceof Error ? err.message : 'Could not send');
            return false;
          }
        },
        onMention:
          app === 'instagram'
            ? async () => void (await send({ type: 'story_mention' }))
            : undefined,
      }),
    );
  }

  function setReply(message: MetaMsg | null) {
    state.replyTo = message;
    fillReplyBar(
      replyBar,
      message &&
        h(
          'div',
          {},
          h(
            'small',
            {},
            `Replying to ${message.from === 'customer' ? 'yourself' : business().name}`,
          ),
          h('span', {}, summary(message)),
        ),
      () => setReply(null),
      { button: 'm-icon', icon: 'icon-sm' },
    );
    if (message) input.focus();
  }

  const reactions = reactionPicker(
    root,
    picker,
    (message, emoji) => void send({ type: 'reaction', mid: message.mid, emoji }, false),
  );

  // ---- live updates ---------------------------------------------------------------------
  let typingTimer = 0;
  function connect() {
    state.source?.close();
    state.messages.clear();
    state.snapshot = null;
    render();
    if (!state.account || !/^\d{5,20}$/.test(customer)) return setLive(false);
    const source = new EventSource(eventsUrl(state.account, customer));
    state.source = source;
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    const data = <T>(e: Event) => JSON.parse((e as MessageEvent<string>).data) as T;
    source.addEventListener('snapshot', (e) => {
      state.snapshot = data<Snapshot>(e);
      state.messages = new Map(state.snapshot.messages.map((m) => [m.mid, m]));
      state.seenAt = state.snapshot.customer?.seenByBusinessAt ?? null;
      renderHeader();
      render();
    });
    source.addEventListener('message', (e) => {
      const m = data<MetaMsg>(e);
      state.messages.set(m.mid, m);
      if (m.from === 'business') state.typing = false;
      renderHeader();
      render();
    });
    source.addEventListener('status', (e) => {
      const s = data<{ id: string; status: MetaMsg['status'] }>(e);
      const m = state.messages.get(s.id);
      if (!m) return;
      m.status = s.status;
      render();
    });
    source.addEventListener('seen', (e) => {
      state.seenAt = data<{ at: number }>(e).at;
      render();
    });
    source.addEventListener('typing', (e) => {
      window.clearTimeout(typingTimer);
      state.typing = data<{ on: boolean }>(e).on;
      if (state.typing)
        typingTimer = window.setTimeout(
          () => ((state.typing = false), renderHeader(), render()),
          20_000,
        );
      renderHeader();
      render();
    });
    source.addEventListener('reset', () => void loadPages());
  }

  // ---- sending --------------------------------------------------------------------------
  async function send(body: Record<string, unknown>, withReply = true): Promise<boolean> {
    if (!state.account) return (flash('Choose a Page first'), false);
    if (!/^\d{5,20}$/.test(customer)) return (flash('Your id must be 5–20 digits'), false);
    const replyTo =
      withReply && state.replyTo && body.type === 'text' ? { replyTo: state.replyTo.mid } : {};
    try {
      const result = await act(app, state.account, customer, {
        name: state.name,
        ...replyTo,
        ...body,
      });
      if (result.message && !state.messages.has(result.message.mid))
        state.messages.set(result.message.mid, result.message);
      if (result.skipped) flash(`Not sent to Sapa: ${result.skipped}`);
      if (withReply) setReply(null);
      render();
      chat.scrollTop = chat.scrollHeight;
      return true;
    } catch (err) {
      flash(err instanceof Error ? err.message : 'Could not send');
      return false;
    }
  }

  async function sendText() {
    const text = takeText(input);
    if (text) await send({ type: 'text', text });
  }

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    try {
      const { assetId } = await upload(file);
      await send({ type: 'attachment', attachments: [{ assetId }] }, false);
    } catch (err) {
      flash(err instanceof Error ? err.message : 'Upload failed');
    }
  });
  composerKeys(input, sendText);
  const showStory = () => {
    const snap = state.snapshot;
    if (app !== 'instagram' || !snap?.story) return;
    openStory(
      root,
      { name: snap.business.name, username: snap.business.username ?? '' },
      snap.story,
      (text) => send({ type: 'story_reply', text }, false),
    );
  };
  storyBar.addEventListener('click', showStory);
  avatar.addEventListener('click', showStory);
  select.addEventListener('change', () => {
    state.account = select.value;
    save(k('account'), state.account);
    renderToolsPanel();
    connect();
  });
  let idTimer = 0;
  idInput.addEventListener('input', () => {
    window.clearTimeout(idTimer);
    idTimer = window.setTimeout(() => {
      const digits = idInput.value.replace(/\D/g, '');
      if (digits === customer) return;
      customer = digits;
      save(k('customer'), digits);
      connect();
    }, 350);
  });
  nameInput.addEventListener('input', () => {
    state.name = nameInput.value.trim() || 'Customer';
    save('name', state.name);
  });

  async function loadPages() {
    try {
      state.pages = await listPages();
    } catch {
      state.pages = [];
    }
    // Messenger offers Pages of their own; Instagram offers the accounts linked to Pages.
    const options =
      app === 'messenger'
        ? state.pages
            .filter((p) => !p.instagramAccount)
            .map((p) => ({ id: p.pageId, label: p.name }))
        : state.pages.flatMap((p) =>
            p.instagramAccount
              ? [
                  {
                    id: p.instagramAccount.instagramAccountId,
                    label: `@${p.instagramAccount.username}`,
                  },
                ]
              : [],
          );
    if (!options.some((o) => o.id === state.account)) state.account = options[0]?.id ?? '';
    select.replaceChildren(
      ...options.map((o) =>
        h('option', { value: o.id, selected: o.id === state.account }, o.label),
      ),
    );
    renderToolsPanel();
    connect();
  }

  void loadPages();
  return () => {
    state.source?.close();
    window.clearTimeout(typingTimer);
    reactions.dispose();
    setTools(null);
  };
}
