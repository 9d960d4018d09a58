export interface NumberInfo {
  phoneNumberId: string;
  displayPhoneNumber: string;
  wabaId: string;
  name: string;
}

export interface PhoneMessage {
  id: string;
  from: 'customer' | 'business';
  type: string;
  content: unknown;
  contextId?: string;
  timestamp: number;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error?: string;
  reactions?: { customer?: string; business?: string };
}

export interface UploadedMedia {
  id: string;
  mime_type: string;
  file_size: number;
  filename?: string;
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
  return body;
}

export async function listNumbers(): Promise<NumberInfo[]> {
  return (await json<{ data: NumberInfo[] }>(await fetch('/sandbox/numbers'))).data;
}

export async function sendAsCustomer(
  waId: string,
  body: Record<string, unknown>,
): Promise<{ id: string; message: PhoneMessage }> {
  const res = await fetch(`/sandbox/customers/${encodeURIComponent(waId)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return json(res);
}

export async function uploadMedia(phoneNumberId: string, file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('phoneNumberId', phoneNumberId);
  form.append('type', file.type || 'application/octet-stream');
  form.append('file', file, file.name);
  return json(await fetch('/sandbox/media', { method: 'POST', body: form }));
}

export const mediaUrl = (id: string) => `/sandbox/media/${encodeURIComponent(id)}`;
