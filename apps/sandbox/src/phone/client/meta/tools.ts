import { h, icon } from '../dom.js';
import type { InstagramInfo, MetaApp, PageInfo } from './api.js';

export interface ToolsContext {
  app: MetaApp;
  /** The Page (for Instagram, the Page the account is linked through). */
  page: PageInfo | undefined;
  instagram?: InstagramInfo;
  businessName: string;
  /** Meta's app can answer only someone who wrote. */
  hasThread: boolean;
  onEcho(text: string): Promise<boolean>;
  onMention?(): Promise<void>;
}

function copyRow(label: string, value: string | null, testId: string) {
  const shown = value ?? 'revoked';
  const button = h(
    'button',
    {
      type: 'button',
      class: 'tool-copy',
      'aria-label': `Copy ${label}`,
      disabled: !value,
      onclick: () => {
        if (!value) return;
        void navigator.clipboard?.writeText(value).then(() => {
          button.textContent = 'Copied';
          window.setTimeout(() => (button.textContent = 'Copy'), 1500);
        });
      },
    },
    'Copy',
  );
  return h(
    'div',
    { class: 'tool-row' },
    h('dt', {}, label),
    h('dd', {}, h('code', { 'data-testid': testId }, shown), button),
  );
}

/**
 * The business side of the sandbox, beside the phone: what to paste into Sapa's connect form,
 * and a "Reply from Meta's app" box that makes the Page itself answer (Sapa gets an echo).
 */
export function renderTools(ctx: ToolsContext): HTMLElement {
  const { page, instagram } = ctx;
  const subscribed = !!page?.subscribed;
  const connect = h(
    'section',
    { class: 'tool-card' },
    h(
      'header',
      {},
      h('h2', {}, ctx.app === 'instagram' ? 'Instagram account' : 'Facebook Page'),
      h(
        'span',
        { class: `chip ${subscribed ? 'ok' : 'warn'}`, 'data-testid': 'phone-subscribed' },
        subscribed ? 'Connected to Sapa' : 'Not connected',
      ),
    ),
    h(
      'p',
      {},
      subscribed
        ? 'Sapa’s app is subscribed to this Page: what you do here reaches Sapa as webhooks.'
        : 'No app is subscribed to this Page, so Meta sends Sapa nothing. Connect it in Sapa with:',
    ),
    h(
      'dl',
      {},
      instagram
        ? copyRow('Instagram account ID', instagram.instagramAccountId, 'phone-tool-ig-id')
        : null,
      copyRow('Page ID', page?.pageId ?? '', 'phone-tool-page-id'),
      copyRow('Page access token', page?.accessToken ?? null, 'phone-tool-token'),
    ),
  );

  const echoInput = h('textarea', {
    rows: 2,
    placeholder: `Write as ${ctx.businessName}…`,
    'aria-label': 'Reply from Meta’s app',
    'data-testid': 'phone-echo-input',
    disabled: !ctx.hasThread,
  });
  const echoForm = h(
    'form',
    { class: 'tool-echo' },
    echoInput,
    h(
      'button',
      {
        type: 'submit',
        class: 'tool-primary',
        'data-testid': 'phone-echo-send',
        disabled: !ctx.hasThread,
      },
      icon('send', 'icon-sm'),
      `Send as ${ctx.businessName}`,
    ),
  );
  echoForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = echoInput.value.trim();
    if (text) void ctx.onEcho(text).then((ok) => ok && (echoInput.value = ''));
  });
  const echo = h(
    'section',
    { class: 'tool-card' },
    h('header', {}, h('h2', {}, 'Reply from Meta’s app')),
    h(
      'p',
      {},
      ctx.hasThread
        ? `As if someone at ${ctx.businessName} answered in ${
            ctx.app === 'instagram' ? 'the Instagram app' : 'Meta Business Suite'
          }: Sapa hears of it only as an echo (is_echo), never as the customer.`
        : 'Write something as the customer first: Meta lets a business answer only people who wrote.',
    ),
    echoForm,
  );

  const mention =
    ctx.app === 'instagram' && ctx.onMention
      ? h(
          'section',
          { class: 'tool-card' },
          h('header', {}, h('h2', {}, 'Your own story')),
          h('p', {}, `Post a story that mentions @${instagram?.username ?? ''}.`),
          h(
            'button',
            {
              type: 'button',
              class: 'tool-secondary',
              'data-testid': 'phone-story-mention',
              onclick: () => void ctx.onMention?.(),
            },
            icon('camera', 'icon-sm'),
            'Mention them in my story',
          ),
        )
      : null;

  return h('div', { class: 'tools' }, connect, echo, mention);
}
