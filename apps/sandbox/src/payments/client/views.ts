import { h } from '../../phone/client/dom.js';
import type { PageState, SimulatedOutcome } from '../page-state.js';
import type { CardOutcome, PaymentMethod } from '../types.js';
import { jakartaDate, rupiah, type StringKey } from './i18n.js';
import { BACK, CHEVRON, methodLogo, svgIcon } from './logos.js';

export interface CardDraft {
  number: string;
  expiry: string;
  cvv: string;
  otp: string;
}

/** What a view may read and do; main.ts owns the state behind it. */
export interface ViewContext {
  page: PageState;
  t: (key: StringKey, vars?: Record<string, string>) => string;
  lang: 'en' | 'id';
  busy: boolean;
  error: { field: string | null; message: string } | null;
  card: CardDraft;
  chooseMethod(method: PaymentMethod): void;
  backToMethods(): void;
  submitCard(): void;
  submitOtp(): void;
  simulate(outcome: SimulatedOutcome): void;
  leavePending(): void;
  /** Draws the page again from the current state (after filling a test card). */
  rerender(): void;
}

const GROUPS: Array<{ label: StringKey; methods: PaymentMethod[] }> = [
  { label: 'groupVa', methods: ['bca_va', 'bni_va'] },
  { label: 'groupWallet', methods: ['gopay', 'qris'] },
  { label: 'groupCard', methods: ['credit_card'] },
];

export function methodName(ctx: ViewContext, method: PaymentMethod): string {
  return ctx.t(`method_${method}`);
}

/** The list of methods, grouped the way Snap groups them. */
export function methodsView(ctx: ViewContext): HTMLElement {
  const groups = GROUPS.map((g) => ({
    ...g,
    methods: g.methods.filter((m) => ctx.page.enabledMethods.includes(m)),
  })).filter((g) => g.methods.length > 0);
  return h(
    'section',
    { class: 'methods' },
    h('h2', { class: 'section-title' }, ctx.t('chooseMethod')),
    ...groups.map((group) =>
      h(
        'div',
        { class: 'method-group' },
        h('div', { class: 'group-label' }, ctx.t(group.label)),
        h(
          'ul',
          { class: 'method-list' },
          ...group.methods.map((method) =>
            h(
              'li',
              {},
              h(
                'button',
                {
                  type: 'button',
                  class: 'method',
                  'data-testid': `snap-method-${method}`,
                  disabled: ctx.busy,
                  onclick: () => ctx.chooseMethod(method),
                },
                methodLogo(method),
                h(
                  'span',
                  { class: 'method-text' },
                  h('span', { class: 'method-name' }, methodName(ctx, method)),
                  h('span', { class: 'method-hint' }, ctx.t(`hint_${method}`)),
                ),
                svgIcon(CHEVRON, 'chevron'),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

function panelHeader(ctx: ViewContext, method: PaymentMethod, back: boolean): HTMLElement {
  return h(
    'div',
    { class: 'panel-head' },
    back
      ? h(
          'button',
          {
            type: 'button',
            class: 'icon-button',
            'aria-label': ctx.t('back'),
            'data-testid': 'snap-back-to-methods',
            onclick: () => ctx.backToMethods(),
          },
          svgIcon(BACK, 'icon'),
        )
      : null,
    methodLogo(method),
    h('h2', { class: 'panel-title' }, methodName(ctx, method)),
  );
}

function errorLine(ctx: ViewContext, field: string): HTMLElement | null {
  if (!ctx.error || ctx.error.field !== field) return null;
  return h('p', { class: 'field-error', role: 'alert' }, ctx.error.message);
}

function input(
  attrs: Record<string, string | boolean>,
  value: string,
  onInput: (value: string) => void,
): HTMLInputElement {
  const el = h('input', { ...attrs, value });
  el.addEventListener('input', () => onInput(el.value));
  return el;
}

/** Card number, expiry and CVV, with the sandbox's test cards one tap away. */
export function cardView(ctx: ViewContext): HTMLElement {
  const form = h('form', { class: 'card-form', novalidate: true });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    ctx.submitCard();
  });
  const testCard = (outcome: CardOutcome) =>
    h(
      'button',
      {
        type: 'button',
        class: `test-card test-card-${outcome}`,
        'data-testid': `snap-test-card-${outcome}`,
        onclick: () => {
          ctx.card.number = ctx.page.testCards[outcome].replace(/(\d{4})(?=\d)/g, '$1 ');
          ctx.card.expiry = `12/${String(new Date().getFullYear() + 2).slice(2)}`;
          ctx.card.cvv = '123';
          ctx.rerender();
        },
      },
      h('span', { class: 'mono' }, ctx.page.testCards[outcome].replace(/(\d{4})(?=\d)/g, '$1 ')),
      h('span', { class: 'test-card-outcome' }, ctx.t(`card_${outcome}`)),
    );
  form.append(
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, ctx.t('cardNumber')),
      input(
        {
          inputmode: 'numeric',
          autocomplete: 'cc-number',
          placeholder: '4811 1111 1111 1114',
          'data-testid': 'snap-card-number',
          class: ctx.error?.field === 'card_number' ? 'invalid' : '',
        },
        ctx.card.number,
        (v) => (ctx.card.number = v),
      ),
      errorLine(ctx, 'card_number'),
    ),
    h(
      'div',
      { class: 'field-row' },
      h(
        'label',
        { class: 'field' },
        h('span', { class: 'field-label' }, ctx.t('cardExpiry')),
        input(
          {
            inputmode: 'numeric',
            autocomplete: 'cc-exp',
            placeholder: 'MM/YY',
            'data-testid': 'snap-card-expiry',
            class: ctx.error?.field === 'card_expiry' ? 'invalid' : '',
          },
          ctx.card.expiry,
          (v) => (ctx.card.expiry = v),
        ),
        errorLine(ctx, 'card_expiry'),
      ),
      h(
        'label',
        { class: 'field' },
        h('span', { class: 'field-label' }, ctx.t('cardCvv')),
        input(
          {
            inputmode: 'numeric',
            autocomplete: 'cc-csc',
            placeholder: '123',
            maxlength: '4',
            'data-testid': 'snap-card-cvv',
            class: ctx.error?.field === 'card_cvv' ? 'invalid' : '',
          },
          ctx.card.cvv,
          (v) => (ctx.card.cvv = v),
        ),
        errorLine(ctx, 'card_cvv'),
      ),
    ),
    h(
      'button',
      { type: 'submit', class: 'primary', 'data-testid': 'snap-card-submit', disabled: ctx.busy },
      ctx.t('payAmount', { amount: rupiah(ctx.page.grossAmount) }),
    ),
    h(
      'div',
      { class: 'test-cards' },
      h('div', { class: 'group-label' }, ctx.t('testCards')),
      testCard('accept'),
      testCard('challenge'),
      testCard('deny'),
    ),
  );
  return h('section', { class: 'panel' }, panelHeader(ctx, 'credit_card', true), form);
}

/** The bank's 3-D Secure step: the sandbox's one-time password. */
export function otpView(ctx: ViewContext): HTMLElement {
  const form = h('form', { class: 'card-form', novalidate: true });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    ctx.submitOtp();
  });
  form.append(
    h('h3', { class: 'otp-title' }, ctx.t('threeDsTitle')),
    h('p', { class: 'muted' }, ctx.t('threeDsText', { otp: ctx.page.otp })),
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, ctx.t('otp')),
      input(
        {
          inputmode: 'numeric',
          autocomplete: 'one-time-code',
          maxlength: '6',
          'data-testid': 'snap-otp',
          class: ctx.error?.field === 'otp' ? 'invalid' : '',
        },
        ctx.card.otp,
        (v) => (ctx.card.otp = v),
      ),
      errorLine(ctx, 'otp'),
    ),
    h(
      'button',
      { type: 'submit', class: 'primary', 'data-testid': 'snap-otp-submit', disabled: ctx.busy },
      ctx.t('verify'),
    ),
  );
  return h('section', { class: 'panel' }, panelHeader(ctx, 'credit_card', true), form);
}

/** The sandbox's stand-ins for the bank, the wallet app and the clock. */
function sandboxTools(ctx: ViewContext, method: PaymentMethod): HTMLElement {
  const button = (label: string, testid: string, cls: string, run: () => void) =>
    h(
      'button',
      { type: 'button', class: cls, 'data-testid': testid, disabled: ctx.busy, onclick: run },
      label,
    );
  return h(
    'div',
    { class: 'sandbox-tools' },
    h('div', { class: 'tools-title' }, ctx.t('sandboxTools')),
    h('p', { class: 'muted small' }, ctx.t('sandboxHint')),
    button(ctx.t(`pay_${method as 'bca_va'}`), 'snap-pay-now', 'primary', () =>
      ctx.simulate('settlement'),
    ),
    h(
      'div',
      { class: 'tools-row' },
      button(ctx.t('leavePending'), 'snap-leave-pending', 'secondary', () => ctx.leavePending()),
      button(ctx.t('failDeny'), 'snap-fail', 'secondary danger', () => ctx.simulate('deny')),
      button(ctx.t('letExpire'), 'snap-expire', 'secondary', () => ctx.simulate('expire')),
    ),
  );
}

function copyButton(ctx: ViewContext, text: string): HTMLElement {
  const button = h(
    'button',
    { type: 'button', class: 'link-button', 'data-testid': 'snap-copy' },
    ctx.t('copy'),
  );
  button.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text).then(
      () => (button.textContent = ctx.t('copied')),
      () => undefined,
    );
  });
  return button;
}

/** A virtual account waiting for the transfer: the number, the amount, how to pay. */
export function vaView(ctx: ViewContext): HTMLElement {
  const method = ctx.page.method ?? 'bca_va';
  const va = ctx.page.vaNumber ?? '';
  const steps = ctx.t(method === 'bni_va' ? 'steps_bni_va' : 'steps_bca_va').split('|');
  return h(
    'section',
    { class: 'panel' },
    panelHeader(ctx, method, false),
    h(
      'div',
      { class: 'pay-box' },
      h('div', { class: 'field-label' }, ctx.t('vaNumber')),
      h(
        'div',
        { class: 'va-row' },
        h(
          'span',
          { class: 'va-number mono', 'data-testid': 'snap-va-number' },
          va.replace(/(\d{4})(?=\d)/g, '$1 '),
        ),
        copyButton(ctx, va),
      ),
      h('div', { class: 'field-label' }, ctx.t('amountToPay')),
      h('div', { class: 'pay-amount' }, rupiah(ctx.page.grossAmount)),
      h(
        'p',
        { class: 'muted small' },
        ctx.t('payBefore', { date: jakartaDate(ctx.lang, ctx.page.expiresAt) }),
      ),
    ),
    h(
      'details',
      { class: 'how-to' },
      h('summary', {}, ctx.t('howToPay')),
      h('ol', {}, ...steps.map((s) => h('li', {}, s))),
    ),
    sandboxTools(ctx, method),
  );
}

/** QRIS or GoPay waiting for the scan. */
export function qrView(ctx: ViewContext): HTMLElement {
  const method = ctx.page.method ?? 'qris';
  const qr = h('div', { class: 'qr', 'data-testid': 'snap-qr', role: 'img', 'aria-label': 'QR' });
  // The server drew this SVG from the QRIS payload with the qrcode library; it holds no user data.
  qr.innerHTML = ctx.page.qrSvg ?? '';
  return h(
    'section',
    { class: 'panel' },
    panelHeader(ctx, method, false),
    h(
      'div',
      { class: 'pay-box center' },
      qr,
      h('p', { class: 'muted small' }, ctx.t(method === 'gopay' ? 'scan_gopay' : 'scan_qris')),
      h('div', { class: 'pay-amount' }, rupiah(ctx.page.grossAmount)),
      h(
        'p',
        { class: 'muted small' },
        ctx.t('payBefore', { date: jakartaDate(ctx.lang, ctx.page.expiresAt) }),
      ),
    ),
    sandboxTools(ctx, method),
  );
}
