// What the hosted payment page's script receives: shared by the server (which builds it) and the
// browser bundle (which renders it). Types only, so the browser bundle pulls in no server code.
import type {
  CardOutcome,
  FraudStatus,
  PaymentMethod,
  SnapItem,
  TransactionStatus,
} from './types.js';

export interface PageState {
  token: string;
  orderId: string;
  merchantName: string;
  grossAmount: number;
  items: SnapItem[];
  customer: { name: string | null; email: string | null; phone: string | null } | null;
  /** Epoch ms; the page counts down against serverNow so a skewed browser clock does not matter. */
  expiresAt: number;
  serverNow: number;
  /** The page expired before any method was chosen (no payment exists). */
  pageExpired: boolean;
  enabledMethods: PaymentMethod[];
  method: PaymentMethod | null;
  status: TransactionStatus | null;
  fraudStatus: FraudStatus;
  statusCode: string | null;
  vaNumber: string | null;
  maskedCard: string | null;
  /** SVG markup of the QR for QRIS and GoPay, drawn by the server from the QRIS payload. */
  qrSvg: string | null;
  /** Where "Back to merchant" goes (callbacks.finish with order_id, status_code, status). */
  finishRedirectUrl: string | null;
  /** What snap.js hands the merchant's onSuccess/onPending/onError. */
  result: Record<string, unknown> | null;
  testCards: Record<CardOutcome, string>;
  otp: string;
}

export type SimulatedOutcome = 'settlement' | 'deny' | 'expire';

/** What the page's script posts to the merchant page that opened it through snap.js. */
export interface SnapMessage {
  source: 'sapa-snap-sandbox';
  token: string;
  event: 'success' | 'pending' | 'error' | 'close';
  result: Record<string, unknown> | null;
}
