import './page.css';
import './panels.css';
import { h } from '../../phone/client/dom.js';
import type { PageBoot } from '../page.js';
import type { PageState, SimulatedOutcome, SnapMessage } from '../page-state.js';
import type { PaymentMethod } from '../types.js';
import { chargeCard, chargeMethod, fetchState, PageApiError, simulate } from './api.js';
import { initialLang, rupiah, saveLang, translate, type Lang, type StringKey } from './i18n.js';
import { CLOSE, LOCK, svgIcon } from './logos.js';
import { eventOf, problemView, resultView } from './result.js';
import {
  cardView,
  methodsView,
  otpView,
  qrView,
  vaView,
  type CardDraft,
  type ViewContext,
} from './views.js';

const boot = JSON.parse(document.getElementById('snap-boot')?.textContent || '{}') as PageBoot;
const AUTO_RETURN_MS = 5000;
const POLL_MS = 3000;

const ui = {
  lang: initialLang() as Lang,
  page: boot.state,
  /** Before a payment exists: the method list, the card form, or its 3-D Secure step. */
  view: 'methods' as 'methods' | 'card' | 'otp',
  detailsOpen: false,
  busy: false,
  error: null as { field: string | null; message: string } | null,
  card: { number: '', expiry: '', cvv: '', otp: '' } as CardDraft,
  /** Server time minus browser time, so the countdown follows the sandbox's clock. */
  clockOffset: boot.state ? boot.state.serverNow - Date.now() : 0,
  returnAt: null as number | null,
  finished: false,
  /** The buyer chose "Leave pending" with nowhere to return to: show what happens next. */
  leftPending: false,
};

const app = document.getElementById('app') as HTMLElement;
const t = (key: StringKey, vars?: Record<string, string>) => translate(ui.lang, key, vars);

// ---- leaving the page: snap.js callbacks or the finish redirect ---------------------------------
function post(event: SnapMessage['event']): boolean {
  if (!boot.embedded || !boot.parentOrigin || window.parent === window) return false;
  const message: SnapMessage = {
    source: 'sapa-snap-sandbox',
    token: ui.page?.token ?? '',
    event,
    result: ui.page?.result ?? null,
  };
  window.parent.postMessage(message, boot.parentOrigin);
  return true;
}

function canGoBack(page: PageState): boolean {
  return (boot.embedded && !!boot.parentOrigin) || !!page.finishRedirectUrl;
}

function finish(event: SnapMessage['event']): void {
  if (ui.finished || !ui.page) return;
  ui.finished = true;
  ui.returnAt = null;
  if (post(event)) return;
  if (ui.page.finishRedirectUrl) location.assign(ui.page.finishRedirectUrl);
}

// ---- actions ----------------------------------------------------------------------------------
async function run(task: () => Promise<PageState>, field: string = 'general'): Promise<boolean> {
  if (ui.busy) return false;
  ui.busy = true;
  ui.error = null;
  render();
  try {
    adopt(await task());
    return true;
  } catch (err) {
    const apiField = err instanceof PageApiError ? err.field : null;
    const key = apiField ? (`error_${apiField}` as StringKey) : null;
    ui.error = {
      field: apiField ?? field,
      message: key ? t(key, { otp: ui.page?.otp ?? '' }) : t('error_generic'),
    };
    if (apiField && apiField !== 'otp') ui.view = 'card';
    return false;
  } finally {
    ui.busy = false;
    render();
  }
}

function adopt(page: PageState): void {
  const before = ui.page;
  ui.page = page;
  ui.clockOffset = page.serverNow - Date.now();
  const done = eventOf(page) === 'success';
  if (done && canGoBack(page) && before?.status !== page.status) {
    ui.returnAt = Date.now() + AUTO_RETURN_MS;
  }
}

const token = () => ui.page?.token ?? '';

const context = (page: PageState): ViewContext => ({
  page,
  t,
  lang: ui.lang,
  busy: ui.busy,
  error: ui.error,
  card: ui.card,
  chooseMethod(method: PaymentMethod) {
    if (method === 'credit_card') {
      ui.view = 'card';
      ui.error = null;
      render();
      return;
    }
    void run(() => chargeMethod(token(), method));
  },
  backToMethods() {
    ui.view = ui.view === 'otp' ? 'card' : 'methods';
    ui.error = null;
    render();
  },
  submitCard() {
    ui.view = 'otp';
    ui.error = null;
    ui.card.otp = '';
    render();
  },
  submitOtp() {
    const [month = '', year = ''] = ui.card.expiry.split('/').map((part) => part.trim());
    void run(
      () =>
        chargeCard(token(), {
          number: ui.card.number,
          expMonth: month,
          expYear: year,
          cvv: ui.card.cvv.trim(),
          otp: ui.card.otp.trim(),
        }),
      'otp',
    );
  },
  simulate(outcome: SimulatedOutcome) {
    void run(() => simulate(token(), outcome));
  },
  leavePending() {
    if (canGoBack(page)) return finish('pending');
    ui.leftPending = true;
    render();
  },
  rerender: () => render(),
});

// ---- drawing ----------------------------------------------------------------------------------
function header(page: PageState | null): HTMLElement {
  const merchant = page?.merchantName ?? 'Snap';
  const langButton = (lang: Lang, label: string) =>
    h(
      'button',
      {
        type: 'button',
        class: ui.lang === lang ? 'lang-on' : '',
        'aria-pressed': String(ui.lang === lang),
        'data-testid': `snap-lang-${lang}`,
        onclick: () => {
          ui.lang = lang;
          saveLang(lang);
          render();
        },
      },
      label,
    );
  return h(
    'header',
    { class: 'merchant' },
    h(
      'span',
      { class: 'merchant-logo', 'aria-hidden': 'true' },
      merchant.slice(0, 1).toUpperCase(),
    ),
    h('span', { class: 'merchant-name' }, merchant),
    h(
      'div',
      { class: 'lang', role: 'group', 'aria-label': t('language') },
      langButton('en', 'EN'),
      langButton('id', 'ID'),
    ),
    boot.embedded
      ? h(
          'button',
          {
            type: 'button',
            class: 'icon-button close',
            'aria-label': t('close'),
            'data-testid': 'snap-close',
            onclick: () => {
              ui.finished = false;
              finish(page ? eventOf(page) : 'close');
            },
          },
          svgIcon(CLOSE, 'icon'),
        )
      : null,
  );
}

function summary(page: PageState): HTMLElement {
  const counting = page.status === null || page.status === 'pending';
  const details = h(
    'div',
    { class: 'details', hidden: !ui.detailsOpen },
    ...page.items.map((item) =>
      h(
        'div',
        { class: 'line' },
        h('span', {}, item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name),
        h('span', { class: 'mono' }, rupiah(item.price * item.quantity)),
      ),
    ),
    page.customer?.name || page.customer?.email
      ? h(
          'div',
          { class: 'line muted' },
          h('span', {}, t('customer')),
          h('span', {}, [page.customer.name, page.customer.email].filter(Boolean).join(' · ')),
        )
      : null,
  );
  return h(
    'section',
    { class: 'summary' },
    h('div', { class: 'summary-label' }, t('total')),
    h('div', { class: 'amount', 'data-testid': 'snap-amount' }, rupiah(page.grossAmount)),
    h(
      'div',
      { class: 'summary-row' },
      h(
        'span',
        { class: 'order', 'data-testid': 'snap-order-id' },
        `${t('orderId')} ${page.orderId}`,
      ),
      page.items.length > 0
        ? h(
            'button',
            {
              type: 'button',
              class: 'link-button',
              'aria-expanded': String(ui.detailsOpen),
              'data-testid': 'snap-details',
              onclick: () => {
                ui.detailsOpen = !ui.detailsOpen;
                render();
              },
            },
            ui.detailsOpen ? t('hideDetails') : t('details'),
          )
        : null,
    ),
    details,
    counting && !page.pageExpired
      ? h(
          'div',
          { class: 'countdown' },
          h('span', {}, t('payWithin')),
          h(
            'strong',
            { 'data-testid': 'snap-countdown', 'data-countdown': '1' },
            countdownText(page),
          ),
        )
      : null,
  );
}

function countdownText(page: PageState): string {
  const left = Math.max(0, page.expiresAt - (Date.now() + ui.clockOffset));
  const total = Math.floor(left / 1000);
  const hours = Math.floor(total / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hours)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

function body(page: PageState): HTMLElement {
  const ctx = context(page);
  if (page.pageExpired) return problemView(t, 'page_expired', page.merchantName);
  if (page.status === null) {
    if (ui.view === 'card') return cardView(ctx);
    if (ui.view === 'otp') return otpView(ctx);
    return methodsView(ctx);
  }
  if (page.status === 'pending' && !ui.leftPending) {
    return page.method === 'qris' || page.method === 'gopay' ? qrView(ctx) : vaView(ctx);
  }
  const returningIn =
    ui.returnAt === null ? null : Math.max(0, Math.ceil((ui.returnAt - Date.now()) / 1000));
  return resultView(ctx, {
    back: canGoBack(page) ? () => finish(eventOf(page)) : null,
    returningIn,
  });
}

function render(): void {
  document.documentElement.lang = ui.lang;
  const page = ui.page;
  const content = page
    ? [
        summary(page),
        ui.error?.field === 'general'
          ? h('p', { class: 'banner-error', role: 'alert' }, ui.error.message)
          : null,
        body(page),
      ]
    : [problemView(t, boot.error === 'client_key' ? 'client_key' : 'not_found', 'Sapa')];
  app.replaceChildren(
    h('div', { class: 'ribbon' }, t('ribbon')),
    h(
      'div',
      { class: 'sheet' },
      header(page),
      ...content.filter((el): el is HTMLElement => el !== null),
      h('footer', { class: 'foot' }, svgIcon(LOCK, 'lock'), h('span', {}, t('footer'))),
    ),
  );
}

// ---- clocks: the countdown, the automatic return, and changes made elsewhere ---------------------
setInterval(() => {
  if (!ui.page) return;
  for (const el of document.querySelectorAll('[data-countdown]'))
    el.textContent = countdownText(ui.page);
  if (ui.returnAt !== null) {
    if (Date.now() >= ui.returnAt) finish(eventOf(ui.page));
    else render();
  }
}, 1000);

// A tester may pay, expire or refund the order through the control API: follow along.
setInterval(() => {
  const page = ui.page;
  const open =
    page && (page.status === null || page.status === 'pending' || page.fraudStatus === 'challenge');
  if (!page || !open || ui.busy) return;
  void fetchState(page.token).then(
    (next) => {
      if (
        next.status !== page.status ||
        next.fraudStatus !== page.fraudStatus ||
        next.pageExpired !== page.pageExpired
      ) {
        adopt(next);
        render();
      }
    },
    () => undefined,
  );
}, POLL_MS);

render();
