import { h } from '../../phone/client/dom.js';
import type { PaymentMethod } from '../types.js';

/**
 * Each method's badge, drawn in type and colour (no copied artwork): the bank or wallet name in
 * its house colours, as payment pages list them.
 */
export function methodLogo(method: PaymentMethod): HTMLElement {
  switch (method) {
    case 'bca_va':
      return h('span', { class: 'logo logo-bca', 'aria-hidden': 'true' }, 'BCA');
    case 'bni_va':
      return h(
        'span',
        { class: 'logo logo-bni', 'aria-hidden': 'true' },
        h('span', { class: 'bni-mark' }, '46'),
        'BNI',
      );
    case 'gopay':
      return h(
        'span',
        { class: 'logo logo-gopay', 'aria-hidden': 'true' },
        h('span', { class: 'gopay-dot' }),
        'gopay',
      );
    case 'qris':
      return h(
        'span',
        { class: 'logo logo-qris', 'aria-hidden': 'true' },
        'QRIS',
        h('span', { class: 'qris-tail' }),
      );
    case 'credit_card':
      return h(
        'span',
        { class: 'logo logo-cards', 'aria-hidden': 'true' },
        h('span', { class: 'card-visa' }, 'VISA'),
        h('span', { class: 'card-mc' }, h('i'), h('i')),
      );
  }
}

export const CHEVRON =
  '<svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor"><path d="M9.3 5.3 7.9 6.7l5.3 5.3-5.3 5.3 1.4 1.4 6.7-6.7z"/></svg>';

export const BACK =
  '<svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor"><path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z"/></svg>';

export const CLOSE =
  '<svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor"><path d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z"/></svg>';

export const LOCK =
  '<svg viewBox="0 0 24 24" width="100%" height="100%" fill="currentColor"><path d="M17 9h-1V7a4 4 0 0 0-8 0v2H7a2 2 0 0 0-2 2v9c0 1.1.9 2 2 2h10a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2zm-7-2a2 2 0 1 1 4 0v2h-4zm3 9.7V18h-2v-1.3a2 2 0 1 1 2 0z"/></svg>';

/** Result icons: a tick, an hourglass, a cross. */
export const RESULT_ICONS = {
  success:
    '<svg viewBox="0 0 48 48" width="100%" height="100%"><circle cx="24" cy="24" r="24" fill="currentColor"/><path d="M14 24.5l6.5 6.5L34 17.5" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  waiting:
    '<svg viewBox="0 0 48 48" width="100%" height="100%"><circle cx="24" cy="24" r="24" fill="currentColor"/><path d="M17 13h14M17 35h14M18 13c0 7 12 7 12 11s-12 4-12 11M30 13c0 7-12 7-12 11s12 4 12 11" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>',
  failed:
    '<svg viewBox="0 0 48 48" width="100%" height="100%"><circle cx="24" cy="24" r="24" fill="currentColor"/><path d="M17 17l14 14M31 17L17 31" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>',
} as const;

/** An element whose markup is one of the constant icons above (never data). */
export function svgIcon(markup: string, cls: string): HTMLElement {
  const span = h('span', { class: cls, 'aria-hidden': 'true' });
  span.innerHTML = markup;
  return span;
}
