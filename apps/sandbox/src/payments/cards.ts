import { randomInt } from 'node:crypto';
import type { CardDetails, CardOutcome } from './types.js';

/**
 * Midtrans' sandbox test cards (docs: "Testing Payment on Sandbox"): 4811… is accepted, 4911… is
 * held for fraud review (challenge), 4411… is denied by the bank. Any other valid number is
 * accepted, like 4811.
 */
export const TEST_CARDS: Record<CardOutcome, string> = {
  accept: '4811111111111114',
  challenge: '4911111111111113',
  deny: '4411111111111118',
};

/** The one-time password the sandbox's 3-D Secure step accepts (Midtrans' sandbox uses it too). */
export const SANDBOX_OTP = '112233';

export type CardField = 'card_number' | 'card_expiry' | 'card_cvv' | 'otp';

/** A card the form should not accept; `field` names the input the page marks. */
export class CardError extends Error {
  constructor(readonly field: CardField) {
    super(`invalid ${field}`);
  }
}

export interface CardInput {
  number: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  otp: string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the card like a card form does and says what the sandbox bank will do with it. */
export function readCard(
  input: CardInput,
  now: number,
): { outcome: CardOutcome; details: CardDetails } {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) throw new CardError('card_number');
  const month = Number(input.expMonth);
  const year = input.expYear.length === 2 ? 2000 + Number(input.expYear) : Number(input.expYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
    throw new CardError('card_expiry');
  }
  const today = new Date(now);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
    throw new CardError('card_expiry');
  }
  if (!/^\d{3,4}$/.test(input.cvv)) throw new CardError('card_cvv');
  if (input.otp !== SANDBOX_OTP) throw new CardError('otp');
  const outcome =
    number === TEST_CARDS.challenge ? 'challenge' : number === TEST_CARDS.deny ? 'deny' : 'accept';
  return { outcome, details: cardDetails(number, outcome) };
}

export function cardDetails(number: string, outcome: CardOutcome): CardDetails {
  return {
    maskedCard: `${number.slice(0, 8)}-${number.slice(-4)}`,
    bank: 'bni',
    approvalCode: outcome === 'deny' ? null : String(randomInt(100000, 1000000)),
  };
}
