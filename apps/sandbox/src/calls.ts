import type { FaultEndpoint } from './faults.js';

export interface GraphCall {
  seq: number;
  at: string;
  method: string;
  path: string;
  endpoint: FaultEndpoint | 'other';
  phoneNumberId?: string;
  /** Messenger / Instagram calls: the Page whose token made the call. */
  pageId?: string;
  authorization?: string;
  contentType?: string;
  body: unknown;
  responseStatus?: number;
  response?: unknown;
}

const MAX_CALLS = 2000;

/** Every Graph call received, so tests can assert exactly what Sapa sent. */
export class CallLog {
  private calls: GraphCall[] = [];
  private seq = 0;

  record(call: Omit<GraphCall, 'seq'>): GraphCall {
    const entry = { ...call, seq: ++this.seq };
    this.calls.push(entry);
    if (this.calls.length > MAX_CALLS) this.calls.shift();
    return entry;
  }

  list(
    filter: { endpoint?: string; phoneNumberId?: string; pageId?: string; since?: number } = {},
  ): GraphCall[] {
    return this.calls.filter(
      (c) =>
        (!filter.endpoint || c.endpoint === filter.endpoint) &&
        (!filter.phoneNumberId || c.phoneNumberId === filter.phoneNumberId) &&
        (!filter.pageId || c.pageId === filter.pageId) &&
        (filter.since === undefined || c.seq > filter.since),
    );
  }

  clear(): void {
    this.calls = [];
  }
}
