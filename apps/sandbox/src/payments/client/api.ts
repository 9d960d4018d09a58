import type { PageState, SimulatedOutcome } from '../page-state.js';

/** An answer the page can explain: the card field to mark, or Snap's own message. */
export class PageApiError extends Error {
  constructor(
    message: string,
    readonly field: string | null,
  ) {
    super(message);
  }
}

async function call(token: string, path: string, body?: unknown): Promise<PageState> {
  const res = await fetch(`/snap/v2/vtweb/${encodeURIComponent(token)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  const json = (await res.json().catch(() => ({}))) as unknown;
  if (!res.ok) {
    const error = json as { error_messages?: string[]; field?: string };
    throw new PageApiError(error.error_messages?.[0] ?? `HTTP ${res.status}`, error.field ?? null);
  }
  return json as PageState;
}

export const fetchState = (token: string) => call(token, '/state');

export const chargeMethod = (token: string, method: string) => call(token, '/charge', { method });

export const chargeCard = (
  token: string,
  card: { number: string; expMonth: string; expYear: string; cvv: string; otp: string },
) => call(token, '/card', card);

export const simulate = (token: string, outcome: SimulatedOutcome) =>
  call(token, '/simulate', { outcome });
