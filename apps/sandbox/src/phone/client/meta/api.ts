// The Messenger / Instagram customer's calls to the sandbox's control API.

export type MetaApp = 'messenger' | 'instagram';

export interface StoryInfo {
  id: string;
  assetId: string;
  caption: string;
  createdAt: number;
}

export interface InstagramInfo {
  instagramAccountId: string;
  username: string;
  name: string;
  pageId: string;
  story: StoryInfo | null;
}

export interface PageInfo {
  pageId: string;
  name: string;
  accessToken: string | null;
  subscribed: boolean;
  subscribedFields: string[];
  instagramAccount: InstagramInfo | null;
}

export interface MetaAttachment {
  type: string;
  assetId?: string;
  mimeType?: string;
  filename?: string;
  payload?: unknown;
}

export interface MetaMsg {
  mid: string;
  from: 'customer' | 'business';
  timestamp: number;
  text?: string;
  attachments?: MetaAttachment[];
  replyTo?: string;
  story?: { kind: 'reply' | 'mention'; id?: string; assetId: string };
  quickReplies?: Array<{ content_type: string; title?: string; payload?: string }>;
  tapped?: { title: string; payload: string; kind: 'quick_reply' | 'postback' };
  reactions?: { customer?: string; business?: string };
  status: 'sent' | 'delivered' | 'read';
  deleted?: boolean;
  origin?: 'api' | 'meta_app';
}

export interface Snapshot {
  platform: MetaApp;
  business: { name: string; username?: string };
  subscribed: boolean;
  story: StoryInfo | null;
  customer: { seenByBusinessAt: number | null } | null;
  messages: MetaMsg[];
}

export interface ActResult {
  mid?: string;
  deliveryId: string | null;
  skipped?: string;
  message?: MetaMsg;
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
  return body;
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export async function listPages(): Promise<PageInfo[]> {
  return (await json<{ data: PageInfo[] }>(await fetch('/sandbox/pages'))).data;
}

const customerUrl = (app: MetaApp, account: string, customer: string) =>
  `/sandbox/${app}/${encodeURIComponent(account)}/customers/${encodeURIComponent(customer)}`;

/** The customer does something: writes, sends a photo, reacts, taps a button, replies to a story. */
export async function act(
  app: MetaApp,
  account: string,
  customer: string,
  body: Record<string, unknown>,
): Promise<ActResult> {
  return json(await post(`${customerUrl(app, account, customer)}/messages`, body));
}

/** The business answers from Meta's own app (an echo for Sapa). */
export async function replyFromMetaApp(
  app: MetaApp,
  account: string,
  customer: string,
  text: string,
): Promise<ActResult> {
  return json(await post(`${customerUrl(app, account, customer)}/echo`, { text }));
}

export async function upload(file: File): Promise<{ assetId: string; kind: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return json(await fetch('/sandbox/meta/uploads', { method: 'POST', body: form }));
}

export const assetUrl = (id: string) => `/sandbox/meta/assets/${encodeURIComponent(id)}`;

export const eventsUrl = (account: string, customer: string) =>
  `/sandbox/meta/events?${new URLSearchParams({ account, customer })}`;
