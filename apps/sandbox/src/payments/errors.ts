import { randomUUID } from 'node:crypto';

/**
 * An error answered in Midtrans' own shape. Snap (`/snap/v1/...`) answers
 * `{error_messages: [...]}`; the Core API (`/v2/...`) answers `{status_code, status_message, id}`
 * with the HTTP status repeated in status_code.
 */
export class MidtransError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: Record<string, unknown>,
  ) {
    super(JSON.stringify(body));
  }
}

export function snapError(httpStatus: number, messages: string[]): MidtransError {
  return new MidtransError(httpStatus, { error_messages: messages });
}

export function coreError(httpStatus: number, message: string): MidtransError {
  return new MidtransError(httpStatus, {
    status_code: String(httpStatus),
    status_message: message,
    id: randomUUID(),
  });
}

export const SNAP_UNAUTHORIZED = () =>
  snapError(401, [
    'Access denied due to unauthorized transaction, please check client or server key',
    'Visit https://snap-docs.midtrans.com/#request-headers for more details',
  ]);

export const CORE_UNAUTHORIZED = () =>
  coreError(401, 'Transaction cannot be authorized with the current client/server key.');

export const TRANSACTION_NOT_FOUND = () => coreError(404, "Transaction doesn't exist.");

export const CANNOT_MODIFY = () =>
  coreError(412, 'Merchant cannot modify status of the transaction');

/** A state change the transaction's current status does not allow (control API: 409). */
export class TransitionError extends Error {}

/** Paths answered in Midtrans' shapes rather than the Graph API's. */
export function isMidtransPath(url: string): boolean {
  return url.startsWith('/snap/') || /^\/v2\/[^/]+\/[a-z]+/.test(url);
}
