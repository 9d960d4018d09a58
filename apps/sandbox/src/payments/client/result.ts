import { h } from '../../phone/client/dom.js';
import type { PageState, SnapMessage } from '../page-state.js';
import { jakartaDate, rupiah, type StringKey } from './i18n.js';
import { RESULT_ICONS, svgIcon } from './logos.js';
import type { ViewContext } from './views.js';
import { methodName } from './views.js';

/** Which snap.js callback a state ends in: onSuccess, onPending or onError. */
export function eventOf(page: PageState): SnapMessage['event'] {
  switch (page.status) {
    case null:
      return 'close';
    case 'settlement':
    case 'refund':
    case 'partial_refund':
      return 'success';
    case 'capture':
      return page.fraudStatus === 'challenge' ? 'pending' : 'success';
    case 'pending':
      return 'pending';
    default:
      return 'error';
  }
}

interface ResultCopy {
  tone: 'success' | 'waiting' | 'failed';
  title: StringKey;
  text: StringKey;
}

function copyOf(page: PageState): ResultCopy {
  switch (page.status) {
    case 'settlement':
      return { tone: 'success', title: 'successTitle', text: 'successText' };
    case 'capture':
      return page.fraudStatus === 'challenge'
        ? { tone: 'waiting', title: 'challengeTitle', text: 'challengeText' }
        : { tone: 'success', title: 'successTitle', text: 'successText' };
    case 'pending':
      return { tone: 'waiting', title: 'pendingTitle', text: 'pendingText' };
    case 'expire':
      return { tone: 'failed', title: 'expiredTitle', text: 'expiredText' };
    case 'cancel':
      return { tone: 'failed', title: 'cancelledTitle', text: 'cancelledText' };
    case 'refund':
    case 'partial_refund':
      return { tone: 'waiting', title: 'refundedTitle', text: 'refundedText' };
    default:
      return { tone: 'failed', title: 'failedTitle', text: 'failedText' };
  }
}

export interface ResultActions {
  /** Present when there is somewhere to go back to (callbacks.finish, or the snap.js opener). */
  back: (() => void) | null;
  /** Seconds until the automatic return, or null when the page waits for the button. */
  returningIn: number | null;
}

/** A payment that has reached an outcome (or was left pending): what happened, and the way back. */
export function resultView(ctx: ViewContext, actions: ResultActions): HTMLElement {
  const page = ctx.page;
  const copy = copyOf(page);
  const merchant = page.merchantName;
  const refunded = (page.result?.refund_amount as string | undefined) ?? '0';
  const vars = {
    merchant,
    date: jakartaDate(ctx.lang, page.expiresAt),
    amount: rupiah(Number(refunded)),
  };
  return h(
    'section',
    {
      class: `result result-${copy.tone}`,
      'data-testid': 'snap-result',
      'data-status': page.status ?? '',
    },
    svgIcon(RESULT_ICONS[copy.tone], 'result-icon'),
    h('h2', { class: 'result-title' }, ctx.t(copy.title)),
    h('p', { class: 'muted' }, ctx.t(copy.text, vars)),
    h(
      'dl',
      { class: 'result-facts' },
      h('dt', {}, ctx.t('total')),
      h('dd', {}, rupiah(page.grossAmount)),
      page.method ? h('dt', {}, ctx.t('methodLabel')) : null,
      page.method
        ? h(
            'dd',
            {},
            methodName(ctx, page.method),
            page.maskedCard ? ` · ${page.maskedCard.slice(-4).padStart(8, '•')}` : '',
          )
        : null,
      h('dt', {}, ctx.t('orderId')),
      h('dd', { class: 'mono' }, page.orderId),
    ),
    actions.back
      ? h(
          'button',
          {
            type: 'button',
            class: copy.tone === 'success' ? 'primary' : 'secondary',
            'data-testid': 'snap-back',
            onclick: actions.back,
          },
          ctx.t('backTo', { merchant }),
        )
      : null,
    actions.returningIn !== null
      ? h(
          'p',
          { class: 'muted small', 'data-testid': 'snap-returning' },
          ctx.t('returning', { merchant, seconds: String(actions.returningIn) }),
        )
      : null,
  );
}

/** No transaction to show: unknown token, wrong client key, or a page that lapsed unused. */
export function problemView(
  t: ViewContext['t'],
  kind: 'not_found' | 'client_key' | 'page_expired',
  merchant: string,
): HTMLElement {
  const titles = {
    not_found: ['notFoundTitle', 'notFoundText'],
    client_key: ['clientKeyTitle', 'clientKeyText'],
    page_expired: ['pageExpiredTitle', 'pageExpiredText'],
  } as const;
  const [title, text] = titles[kind];
  return h(
    'section',
    { class: 'result result-failed', 'data-testid': 'snap-problem', 'data-kind': kind },
    svgIcon(RESULT_ICONS.failed, 'result-icon'),
    h('h2', { class: 'result-title' }, t(title)),
    h('p', { class: 'muted' }, t(text, { merchant })),
  );
}
