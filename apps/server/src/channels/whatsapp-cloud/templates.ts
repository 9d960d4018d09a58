import type { Selectable } from 'kysely';
import type { WhatsappCloudCredentials } from '@sapa/contracts';
import { graphError } from './errors.js';
import type { TemplateButtonDb, TemplatesTable } from '../../db/schema-templates.js';

const TIMEOUT_MS = 15_000;
// A WABA holds at most a few hundred templates; more pages than this means a paging loop.
const MAX_PAGES = 50;

type StoredTemplate = Pick<
  Selectable<TemplatesTable>,
  | 'name'
  | 'language'
  | 'category'
  | 'header_type'
  | 'header_text'
  | 'footer'
  | 'content'
  | 'examples'
  | 'buttons'
>;

function button(b: TemplateButtonDb): Record<string, unknown> {
  if (b.type === 'link') return { type: 'URL', text: b.label, url: b.url };
  // Meta's examples write the number as digits only.
  if (b.type === 'call')
    return { type: 'PHONE_NUMBER', text: b.label, phone_number: (b.phone ?? '').replace('+', '') };
  return { type: 'QUICK_REPLY', text: b.label };
}

/**
 * A stored template as Meta's `POST /{waba-id}/message_templates` takes it (reference §2.6).
 * A media header's example is the handle of a file sent through the Resumable Upload API.
 */
export function metaTemplateBody(
  t: StoredTemplate,
  headerHandle: string | null,
): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (t.header_type === 'text' && t.header_text) {
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: t.header_text,
      ...(t.examples.header ? { example: { header_text: [t.examples.header] } } : {}),
    });
  } else if (t.header_type !== 'none') {
    components.push({
      type: 'HEADER',
      format: t.header_type.toUpperCase(),
      ...(headerHandle ? { example: { header_handle: [headerHandle] } } : {}),
    });
  }
  const examples = t.examples.body ?? [];
  components.push({
    type: 'BODY',
    text: t.content,
    ...(examples.length ? { example: { body_text: [examples] } } : {}),
  });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons.length) components.push({ type: 'BUTTONS', buttons: t.buttons.map(button) });
  return {
    name: t.name,
    language: t.language,
    category: t.category,
    parameter_format: 'POSITIONAL',
    components,
  };
}

export interface MetaTemplateStatus {
  id: string;
  name: string;
  language: string;
  status: string;
  rejectedReason: string | null;
}

interface MetaListPage {
  data?: {
    id?: string | number;
    name?: string;
    language?: string;
    status?: string;
    rejected_reason?: string;
  }[];
  paging?: { next?: string };
}

/** What the template endpoints need of a WhatsApp channel's config: its WABA and token. */
export type TemplateCredentials = Pick<WhatsappCloudCredentials, 'wabaId' | 'accessToken'>;

/**
 * Meta's template endpoints on a WABA, with the channel's token; errors as ProviderError. The
 * WhatsApp adapter owns it (`ChannelAdapters.whatsappTemplates`): templates are WhatsApp's alone.
 */
export class MetaTemplatesClient {
  constructor(
    private readonly graphUrl: string,
    private readonly version: string,
  ) {}

  async create(creds: TemplateCredentials, body: Record<string, unknown>) {
    const res = await this.call<{ id?: string | number; status?: string }>(
      creds,
      'POST',
      `/${this.waba(creds)}/message_templates`,
      body,
    );
    if (res.id === undefined)
      throw graphError(200, { error: { message: 'Graph API answered without a template id' } });
    return { id: String(res.id), status: res.status ?? 'PENDING' };
  }

  /** Meta edits a REJECTED or PAUSED template in place and reviews it again. */
  async edit(creds: TemplateCredentials, providerId: string, body: Record<string, unknown>) {
    const { components, category } = body;
    await this.call(creds, 'POST', `/${providerId}`, { components, category });
  }

  async remove(creds: TemplateCredentials, name: string, providerId: string | null) {
    const qs = new URLSearchParams({ name, ...(providerId ? { hsm_id: providerId } : {}) });
    await this.call(creds, 'DELETE', `/${this.waba(creds)}/message_templates?${qs}`);
  }

  async list(creds: TemplateCredentials): Promise<MetaTemplateStatus[]> {
    const out: MetaTemplateStatus[] = [];
    let path: string | null =
      `/${this.waba(creds)}/message_templates?fields=id,name,language,status,rejected_reason&limit=100`;
    for (let page = 0; path && page < MAX_PAGES; page++) {
      const res: MetaListPage = await this.call<MetaListPage>(creds, 'GET', path);
      for (const t of res.data ?? [])
        if (t.id !== undefined && t.status)
          out.push({
            id: String(t.id),
            name: t.name ?? '',
            language: t.language ?? '',
            status: t.status,
            rejectedReason: t.rejected_reason ?? null,
          });
      path = res.paging?.next ? this.relative(res.paging.next) : null;
    }
    return out;
  }

  /**
   * Meta's Resumable Upload API in one piece: open a session on the app
   * (`POST /{app-id}/uploads`), send the bytes from offset 0 (`POST /{upload-session-id}`,
   * `Authorization: OAuth`), and return the file handle `h` a template's header_handle takes.
   */
  async uploadHeaderExample(
    creds: TemplateCredentials,
    appId: string,
    file: { bytes: Buffer; mimeType: string; fileName: string },
  ): Promise<string> {
    const qs = new URLSearchParams({
      file_name: file.fileName,
      file_length: String(file.bytes.length),
      file_type: file.mimeType,
    });
    const session = await this.call<{ id?: string }>(
      creds,
      'POST',
      `/${encodeURIComponent(appId)}/uploads?${qs}`,
    );
    if (!session.id)
      throw graphError(200, { error: { message: 'Graph API answered without an upload session' } });
    const done = await this.request<{ h?: string }>(`/${session.id}`, {
      method: 'POST',
      headers: {
        authorization: `OAuth ${creds.accessToken}`,
        file_offset: '0',
        'content-type': 'application/octet-stream',
      },
      body: file.bytes,
    });
    if (!done.h)
      throw graphError(200, { error: { message: 'Graph API answered without a file handle' } });
    return done.h;
  }

  private waba(creds: TemplateCredentials): string {
    if (!creds.wabaId)
      throw graphError(400, {
        error: { message: 'The channel has no WhatsApp Business Account id' },
      });
    return creds.wabaId;
  }

  /** Meta's `paging.next` is absolute; keep our base URL and version (the sandbox's, in tests). */
  private relative(next: string): string {
    const url = new URL(next);
    return url.pathname.replace(/^\/v\d+\.\d+/, '') + url.search;
  }

  private async call<T>(
    creds: TemplateCredentials,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    return this.request<T>(path, {
      method,
      headers: {
        authorization: `Bearer ${creds.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private async request<T>(path: string, init: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.graphUrl}/${this.version}${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw graphError(null, null);
    }
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw graphError(res.status, json);
    return json as T;
  }
}
