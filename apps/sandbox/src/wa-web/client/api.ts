// The phone page's calls to the sandbox's /sandbox/wa control routes.

export interface WaMessage {
  id: string;
  from: 'customer' | 'business';
  type: string;
  text: string | null;
  caption: string | null;
  mediaId: string | null;
  replyTo: string | null;
  timestamp: number;
  status: 'sent' | 'delivered' | 'read' | null;
  reactions: { customer?: string; business?: string };
  /** In a group: the participant (phone digits) who wrote it. */
  author: string | null;
}

export interface WaGroup {
  jid: string;
  subject: string;
  participants: Array<{ phone: string; name: string }>;
}

export interface WaDevice {
  id: string;
  client: string;
  linkedAt: number;
  lastSeenAt: number;
  connected: boolean;
  pending: number;
}

export interface WaPhoneView {
  phone: string;
  name: string;
  offline: boolean;
  devices: WaDevice[];
  chats: Array<{
    customer: string;
    name: string;
    group: WaGroup | null;
    lastMessage: WaMessage | null;
  }>;
}

export interface WaChat {
  customer: string;
  name: string | null;
  messages: WaMessage[];
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(json.error?.message ?? `HTTP ${res.status}`);
  return json;
}

const enc = encodeURIComponent;

export const api = {
  phones: () => call<{ data: Array<{ phone: string; name: string }> }>('GET', '/sandbox/wa/phones'),
  createPhone: (phone: string, name: string) =>
    call<WaPhoneView>('POST', '/sandbox/wa/phones', { phone, name }),
  scan: (phone: string, code: string) =>
    call<{ deviceId: string }>('POST', '/sandbox/wa/scan', { phone, code }),
  logOut: (deviceId: string) => call('DELETE', `/sandbox/wa/devices/${enc(deviceId)}`),
  setOffline: (phone: string, offline: boolean) =>
    call('POST', `/sandbox/wa/phones/${phone}/${offline ? 'offline' : 'online'}`),
  chat: (phone: string, customer: string) =>
    call<WaChat>('GET', `/sandbox/wa/phones/${phone}/chats/${customer}`),
  say: (phone: string, customer: string, body: Record<string, unknown>) =>
    call<WaMessage>('POST', `/sandbox/wa/phones/${phone}/chats/${customer}/messages`, body),
  createGroup: (phone: string, subject: string, participants: WaGroup['participants']) =>
    call<WaGroup>('POST', `/sandbox/wa/phones/${phone}/groups`, { subject, participants }),
  group: (phone: string, jid: string) =>
    call<WaGroup & { messages: WaMessage[] }>('GET', `/sandbox/wa/phones/${phone}/groups/${jid}`),
  groupSay: (phone: string, jid: string, body: Record<string, unknown>) =>
    call<WaMessage>('POST', `/sandbox/wa/phones/${phone}/groups/${jid}/messages`, body),
  react: (phone: string, customer: string, targetId: string, emoji: string) =>
    call('POST', `/sandbox/wa/phones/${phone}/chats/${customer}/reactions`, { targetId, emoji }),
};

export const mediaUrl = (phone: string, id: string) =>
  `/sandbox/wa/phones/${phone}/media/${enc(id)}`;

/** A file as base64, for the JSON body of a customer's media message. */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
