import { classifyGraphError, type GraphCodeTable } from '../errors.js';

const TIMEOUT_MS = 15_000;

export interface GraphRequest {
  token: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** After the version, with its query string: `/123/messages`, `/123?fields=id,name`. */
  path: string;
  json?: unknown;
  form?: FormData;
  codes: GraphCodeTable;
  signal?: AbortSignal;
}

/**
 * The Graph API as Messenger and Instagram (through their Page) are spoken to: the Page token
 * as a Bearer header, never in the URL (logs and proxies keep URLs), base from GRAPH_API_URL.
 * Every refusal comes back as a ProviderError classified with the caller's code table.
 */
export class GraphClient {
  constructor(
    readonly baseUrl: string,
    readonly version: string,
  ) {}

  /** Where a URL must come from to be fetched without the public-address check (the sandbox). */
  get origin(): string {
    return new URL(this.baseUrl).origin;
  }

  async call<T>(req: GraphRequest): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${req.token}` };
    let body: string | FormData | undefined;
    if (req.form) body = req.form;
    else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/${this.version}${req.path}`, {
        method: req.method,
        headers,
        body,
        signal: req.signal ?? AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw classifyGraphError(req.codes, null, null);
    }
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw classifyGraphError(req.codes, res.status, json);
    return json as T;
  }
}
