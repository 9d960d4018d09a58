import { MESSAGES } from '@sapa/contracts';
import { buildUrl, HttpError, refreshAccessToken, type QueryValue } from './http';
import { getToken } from './storage';

/** Files the server exports (contacts, tickets, rejected import rows, invoices). */
export type FileFormat = 'csv' | 'xlsx' | 'pdf';

const MIME: Record<FileFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
const BOM = [0xef, 0xbb, 0xbf];

function authorizedFetch(url: string, token: string | null): Promise<Response> {
  return fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
}

async function failure(response: Response): Promise<HttpError> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') {
      return new HttpError({ status: response.status, message: body.message });
    }
  } catch {
    // Not JSON: nothing a person could read.
  }
  return new HttpError({ status: response.status, message: MESSAGES.someError });
}

/**
 * Fetches a file as bytes with the bearer token. `api.get` decodes bodies as text, which would
 * corrupt an XLSX and drop a CSV's BOM, so files take this path (with one token refresh on 401).
 */
export async function fetchFile(
  path: string,
  params: Record<string, QueryValue>,
  format: FileFormat,
): Promise<Blob> {
  const url = buildUrl(path, params);
  let response: Response;
  try {
    response = await authorizedFetch(url, getToken());
    if (response.status === 401) {
      const token = await refreshAccessToken();
      if (token) response = await authorizedFetch(url, token);
    }
  } catch {
    throw new HttpError({ status: 0, message: MESSAGES.serverNotResponding });
  }
  if (!response.ok) throw await failure(response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // Excel reads a CSV as UTF-8 (Indonesian names, emoji) only with the BOM in front.
  const needsBom = format === 'csv' && !BOM.every((b, i) => bytes[i] === b);
  const parts: BlobPart[] = needsBom ? [new Uint8Array(BOM), bytes] : [bytes];
  return new Blob(parts, { type: MIME[format] });
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download asynchronously; give them the URL a moment longer.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
