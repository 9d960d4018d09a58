import { z } from 'zod';
import { GatewayRefusedError, GatewayUnavailableError } from '../port.js';

/**
 * The two Midtrans calls Sapa makes: Snap's transactions API and the Core API's status. Written
 * on fetch rather than the `midtrans-client` package because every call needs a hard timeout and
 * a clear split between "down" (retry) and "refused" (do not), which that package leaves to axios
 * defaults.
 */
export interface MidtransClientOptions {
  serverKey: string;
  snapUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

export interface SnapTransactionBody {
  transaction_details: { order_id: string; gross_amount: number };
  item_details: { id: string; price: number; quantity: number; name: string }[];
  customer_details: { first_name: string; email: string; phone?: string };
  callbacks: { finish: string };
  expiry: { start_time: string; unit: 'minute'; duration: number };
}

const snapAnswer = z.object({ token: z.string().min(1), redirect_url: z.string().min(1) });

/** The status API's answer: the same fields as a notification (docs: "Get Transaction Status"). */
export const midtransStatusSchema = z.object({
  status_code: z.string(),
  order_id: z.string(),
  transaction_status: z.string(),
  fraud_status: z.string().optional(),
  gross_amount: z.string(),
  transaction_id: z.string().optional(),
  payment_type: z.string().optional(),
  transaction_time: z.string().optional(),
  settlement_time: z.string().optional(),
  va_numbers: z.array(z.object({ bank: z.string().optional() })).optional(),
  permata_va_number: z.string().optional(),
  store: z.string().optional(),
  refund_amount: z.string().optional(),
});
export type MidtransStatus = z.infer<typeof midtransStatusSchema>;

export class MidtransClient {
  private readonly auth: string;

  constructor(private readonly options: MidtransClientOptions) {
    // HTTP Basic: the server key as the user name, an empty password.
    this.auth = `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`;
  }

  async createTransaction(
    body: SnapTransactionBody,
  ): Promise<{ token: string; redirectUrl: string }> {
    const { status, json } = await this.call(
      'POST',
      `${this.options.snapUrl}/snap/v1/transactions`,
      body,
    );
    if (status === 201 || status === 200) {
      const parsed = snapAnswer.safeParse(json);
      if (parsed.success)
        return { token: parsed.data.token, redirectUrl: parsed.data.redirect_url };
      throw new GatewayUnavailableError('Midtrans Snap answered without a token');
    }
    throw this.failure('Snap', status, json);
  }

  /** The transaction's status; null when Midtrans has none for the order (404). */
  async status(orderId: string): Promise<MidtransStatus | null> {
    const { status, json } = await this.call(
      'GET',
      `${this.options.apiUrl}/v2/${encodeURIComponent(orderId)}/status`,
    );
    // Midtrans answers an unknown order with HTTP 404, or with 200 and status_code "404".
    const bodyCode = (json as { status_code?: unknown } | null)?.status_code;
    if (status === 404 || bodyCode === '404') return null;
    if (status === 200) {
      const parsed = midtransStatusSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      throw new GatewayUnavailableError('Midtrans answered a status Sapa could not read');
    }
    throw this.failure('status API', status, json);
  }

  private failure(what: string, status: number, json: unknown): GatewayUnavailableError {
    const detail = messagesOf(json);
    if (status >= 500 || status === 429)
      return new GatewayUnavailableError(`Midtrans ${what} answered ${status}${detail}`);
    return new GatewayRefusedError(`Midtrans ${what} refused the request (${status})${detail}`);
  }

  private async call(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: this.auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new GatewayUnavailableError(
        timedOut
          ? `Midtrans did not answer within ${this.options.timeoutMs / 1000} s`
          : `Midtrans could not be reached: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    let json: unknown = null;
    try {
      const text = await response.text();
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status code says enough.
    }
    return { status: response.status, json };
  }
}

function messagesOf(json: unknown): string {
  if (typeof json !== 'object' || json === null) return '';
  const { error_messages: list, status_message: message } = json as {
    error_messages?: unknown;
    status_message?: unknown;
  };
  if (Array.isArray(list)) return `: ${list.filter((m) => typeof m === 'string').join('; ')}`;
  return typeof message === 'string' ? `: ${message}` : '';
}
