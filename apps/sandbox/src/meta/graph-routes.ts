import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { SAPA_APP_ID } from '../demo.js';
import type { FaultEndpoint } from '../faults.js';
import type { UploadedFile } from '../graph/routes.js';
import { invalidParam, paramRequired } from './errors.js';
import { pageCall } from './graph-call.js';
import { instagramNode, messageNode, pageNode, profileNode } from './nodes.js';
import { resolveFile, sendMessage } from './send.js';
import { FILE_TYPES, graphParams } from './send-schema.js';
import type { MetaPlatform } from './payloads.js';
import type { Page } from './store.js';

type Params = { version: string; id: string };

/** Page webhook fields an app may subscribe to (and Instagram's names, which some apps send). */
export const PAGE_FIELDS = [
  'messages',
  'messaging_postbacks',
  'messaging_optins',
  'messaging_optouts',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
  'message_edits',
  'messaging_referrals',
  'messaging_handovers',
  'messaging_policy_enforcement',
  'messaging_account_linking',
  'messaging_game_plays',
  'messaging_payments',
  'messaging_pre_checkouts',
  'messaging_checkout_updates',
  'messaging_customer_information',
  'messaging_feedback',
  'response_feedback',
  'inbox_labels',
  'standby',
  'feed',
  'mention',
  'messaging_seen',
  'messaging_referral',
] as const;

/** Whether an id on a Graph path is a Messenger / Instagram object (else WhatsApp's routes). */
export function metaClaims(ctx: SandboxContext, id: string): boolean {
  const { store } = ctx.meta;
  return (
    id === 'me' ||
    !!store.getPage(id) ||
    !!store.getInstagramAccount(id) ||
    store.knowsUser(id) ||
    store.knowsMessage(id)
  );
}

/** A multipart Graph call: its plain fields (JSON strings for objects) and `filedata`. */
async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      file ??= { bytes, mimeType: part.mimetype, filename: part.filename || undefined, fields };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

function fileSummary(file: UploadedFile | null) {
  return file
    ? { filename: file.filename, mimeType: file.mimeType, size: file.bytes.length }
    : null;
}

/** `POST /{page-id | ig-id | me}/messages` with a Page token: the Send API. */
export async function metaSendRoute(
  ctx: SandboxContext,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
) {
  const { id, version } = request.params;
  const form = request.isMultipart() ? await readForm(request) : null;
  return pageCall<{ only?: MetaPlatform }>(
    ctx,
    request,
    reply,
    {
      endpoint: 'messages',
      version,
      objectId: id,
      resolve: (page) =>
        id === 'me' || id === page.pageId
          ? {}
          : id === page.instagramAccountId
            ? { only: 'instagram' }
            : undefined,
      loggedBody: form ? { fields: form.fields, file: fileSummary(form.file) } : undefined,
    },
    (page, target) =>
      sendMessage(
        ctx,
        page,
        target.only,
        graphParams(request.query, form ? form.fields : request.body),
        form?.file ?? null,
      ),
  );
}

/** `GET /{id}` for a Page, an Instagram account, a customer's profile or a message. */
export function metaGetRoute(
  ctx: SandboxContext,
  request: FastifyRequest<{ Params: Params; Querystring: { fields?: string } }>,
  reply: FastifyReply,
) {
  const { id, version } = request.params;
  const { store } = ctx.meta;
  const fields = request.query.fields;
  const accountsOf = (page: Page) => [page.pageId, page.instagramAccountId].filter(Boolean);
  return pageCall<() => unknown>(
    ctx,
    request,
    reply,
    {
      endpoint: 'other',
      version,
      objectId: id,
      resolve: (page) => {
        if (id === 'me' || id === page.pageId) return () => pageNode(ctx, page, fields);
        if (id === page.instagramAccountId) {
          const ig = store.getInstagramAccount(id);
          return ig ? () => instagramNode(ctx, ig, fields) : undefined;
        }
        for (const account of accountsOf(page)) {
          const customer = store.findCustomer(account!, id);
          if (customer) return () => profileNode(ctx, customer, fields);
        }
        const found = store.findMessage(id);
        if (found && accountsOf(page).includes(found.customer.accountId))
          return () => messageNode(ctx, found.customer, found.message, fields);
        return undefined;
      },
    },
    (_page, present) => present(),
  );
}

function subscribedFields(raw: Record<string, unknown>): string[] {
  const value = raw.subscribed_fields;
  if (value === undefined || value === '') throw paramRequired('subscribed_fields');
  const list = (Array.isArray(value) ? value.map(String) : String(value).split(','))
    .map((f) => f.trim())
    .filter(Boolean);
  list.forEach((field, i) => {
    if (!(PAGE_FIELDS as readonly string[]).includes(field))
      throw invalidParam(
        `Param subscribed_fields[${i}] must be one of {${PAGE_FIELDS.join(', ')}} - got "${field}"`,
      );
  });
  return [...new Set(list)];
}

export function registerMetaGraphRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, lookaside } = ctx.meta;
  // The Page itself, or (as Instagram Login apps call it) the Instagram account on it.
  const pageOf = (id: string) => (page: Page) =>
    id === page.pageId || id === page.instagramAccountId ? page : undefined;
  // A call about the Page (or its Instagram account) the path names.
  const onPage = (params: Params, endpoint: FaultEndpoint | 'other' = 'other') => ({
    endpoint,
    version: params.version,
    objectId: params.id,
    resolve: pageOf(params.id),
  });

  app.get<{ Params: Params }>('/:version/:id/subscribed_apps', (request, reply) =>
    pageCall(ctx, request, reply, onPage(request.params), (page) => ({
      data: page.subscription
        ? [
            {
              category: 'Business',
              link: 'https://sapa.example/',
              name: 'Sapa',
              id: String(SAPA_APP_ID),
              subscribed_fields: page.subscription.fields,
            },
          ]
        : [],
    })),
  );

  app.post<{ Params: Params }>('/:version/:id/subscribed_apps', (request, reply) =>
    pageCall(ctx, request, reply, onPage(request.params), (page) => {
      const fields = subscribedFields(graphParams(request.query, request.body));
      page.subscription = { fields, at: ctx.clock.now() };
      return { success: true };
    }),
  );

  app.delete<{ Params: Params }>('/:version/:id/subscribed_apps', (request, reply) =>
    pageCall(ctx, request, reply, onPage(request.params), (page) => {
      page.subscription = null;
      return { success: true };
    }),
  );

  // Attachment Upload API: save an asset once, send it later by attachment_id.
  app.post<{ Params: Params }>('/:version/:id/message_attachments', async (request, reply) => {
    const form = request.isMultipart() ? await readForm(request) : null;
    return pageCall(
      ctx,
      request,
      reply,
      {
        ...onPage(request.params, 'media'),
        loggedBody: form ? { fields: form.fields, file: fileSummary(form.file) } : undefined,
      },
      async (page) => {
        const raw = graphParams(request.query, form ? form.fields : request.body);
        const attachment = (raw.message as { attachment?: { type?: unknown; payload?: unknown } })
          ?.attachment;
        const type = String(attachment?.type ?? '');
        if (!(FILE_TYPES as readonly string[]).includes(type))
          throw paramRequired('message[attachment][type] (image, video, audio or file)');
        const payload = (attachment?.payload ?? {}) as { url?: string };
        const view = await resolveFile(ctx, page, type, { url: payload.url }, form?.file ?? null);
        const saved = store.addUpload({ pageId: page.pageId, type, assetId: view.assetId! });
        return { attachment_id: saved.id };
      },
    );
  });

  // The CDN: whoever holds the URL may fetch it until `oe`; then 403, as fbcdn answers.
  app.get<{ Params: { file: string }; Querystring: { oh?: string; oe?: string } }>(
    '/lookaside/v/:file',
    (request, reply) => {
      const assetId = request.params.file.replace(/\.[a-z0-9]+$/, '');
      const asset = store.getAsset(assetId);
      const verdict = lookaside.check(assetId, request.query.oh, request.query.oe);
      ctx.calls.record({
        at: new Date(ctx.clock.now()).toISOString(),
        method: 'GET',
        path: `/lookaside/v/${request.params.file}`,
        endpoint: 'other',
        body: null,
        responseStatus: !asset ? 404 : verdict === 'ok' ? 200 : 403,
      });
      if (verdict === 'expired')
        return reply.code(403).type('text/plain').send('URL signature expired');
      if (verdict === 'bad-hash') return reply.code(403).type('text/plain').send('Bad URL hash');
      if (!asset) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .header('content-type', asset.mimeType)
        .header('content-length', asset.bytes.length)
        .header('cache-control', 'max-age=1209600, no-transform')
        .send(asset.bytes);
    },
  );
}
