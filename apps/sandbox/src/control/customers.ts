import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { openEventStream, writeEvent } from '../events.js';
import { GraphError, invalidParameter } from '../graph/errors.js';
import { readMultipart } from '../graph/routes.js';
import { publicMessage } from '../messaging.js';
import type { BusinessNumber, StoredMedia } from '../store.js';
import { parseOrThrow } from './routes.js';

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** A customer's file: an id from POST /sandbox/media, or inline base64 for tests. */
const mediaInput = z
  .object({
    id: z.string().optional(),
    data: z.base64().optional(),
    mime_type: z.string().optional(),
    filename: z.string().max(240).optional(),
    caption: z.string().max(1024).optional(),
    voice: z.boolean().optional(),
    animated: z.boolean().optional(),
  })
  .refine((m) => !!m.id || (!!m.data && !!m.mime_type), {
    message: 'needs an id, or data (base64) with mime_type',
  });

const customerMessageSchema = z
  .object({
    phoneNumberId: z.string().optional(),
    name: z.string().max(100).optional(),
    type: z.enum([
      'text',
      ...MEDIA_TYPES,
      'location',
      'contacts',
      'interactive',
      'button',
      'reaction',
      'unsupported',
    ]),
    text: z.union([z.string().min(1), z.object({ body: z.string().min(1) })]).optional(),
    image: mediaInput.optional(),
    video: mediaInput.optional(),
    audio: mediaInput.optional(),
    document: mediaInput.optional(),
    sticker: mediaInput.optional(),
    location: z
      .object({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        name: z.string().optional(),
        address: z.string().optional(),
        url: z.string().optional(),
      })
      .optional(),
    contacts: z
      .array(z.object({ name: z.object({ formatted_name: z.string().min(1) }).loose() }).loose())
      .min(1)
      .optional(),
    interactive: z
      .discriminatedUnion('type', [
        z.object({
          type: z.literal('button_reply'),
          button_reply: z.object({ id: z.string().min(1), title: z.string().min(1) }),
        }),
        z.object({
          type: z.literal('list_reply'),
          list_reply: z.object({
            id: z.string().min(1),
            title: z.string().min(1),
            description: z.string().optional(),
          }),
        }),
        z.object({
          type: z.literal('nfm_reply'),
          nfm_reply: z.object({ name: z.string(), body: z.string(), response_json: z.string() }),
        }),
      ])
      .optional(),
    button: z.object({ payload: z.string(), text: z.string().min(1) }).optional(),
    reaction: z.object({ message_id: z.string().min(1), emoji: z.string().default('') }).optional(),
    context: z.object({ id: z.string().min(1) }).optional(),
    referral: z.record(z.string(), z.unknown()).optional(),
    /** Unix seconds; lets tests write "25 hours ago" against a running sandbox. */
    timestamp: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 'unsupported' && v[v.type] === undefined) {
      ctx.addIssue({ code: 'custom', path: [v.type], message: `is required for type ${v.type}` });
    }
  });

type CustomerMessageBody = z.infer<typeof customerMessageSchema>;

function resolveNumber(ctx: SandboxContext, phoneNumberId: string | undefined): BusinessNumber {
  const numbers = ctx.store.listNumbers();
  const number = phoneNumberId
    ? ctx.store.getNumber(phoneNumberId)
    : numbers.length === 1
      ? numbers[0]
      : undefined;
  if (!number) {
    throw new GraphError(404, 100, `Unknown business number ${phoneNumberId ?? '(none given)'}`);
  }
  return number;
}

/** Meta's inbound media object: id, mime_type, sha256 plus the per-type extras. */
function inboundMedia(type: string, media: StoredMedia, input: z.infer<typeof mediaInput>) {
  return {
    ...(input.caption ? { caption: input.caption } : {}),
    ...(type === 'document' ? { filename: input.filename ?? media.filename ?? 'file' } : {}),
    mime_type: media.mimeType,
    sha256: media.sha256,
    id: media.id,
    ...(type === 'audio' ? { voice: input.voice ?? false } : {}),
    ...(type === 'sticker' ? { animated: input.animated ?? false } : {}),
  };
}

function buildContent(ctx: SandboxContext, number: BusinessNumber, body: CustomerMessageBody) {
  const type = body.type;
  if (type === 'text') {
    const text = body.text;
    return { body: typeof text === 'string' ? text : (text?.body ?? '') };
  }
  if (
    type === 'image' ||
    type === 'video' ||
    type === 'audio' ||
    type === 'document' ||
    type === 'sticker'
  ) {
    const input = body[type];
    if (!input) throw invalidParameter(`(#100) The parameter ${type} is required.`);
    const media = input.id
      ? ctx.store.getMedia(input.id)
      : ctx.store.putMedia({
          phoneNumberId: number.phoneNumberId,
          bytes: Buffer.from(input.data ?? '', 'base64'),
          mimeType: input.mime_type ?? 'application/octet-stream',
          filename: input.filename,
        });
    if (!media) throw invalidParameter(`(#100) Unknown media id ${input.id}`);
    return inboundMedia(type, media, input);
  }
  if (type === 'unsupported') return undefined;
  return body[type];
}

const UNSUPPORTED_ERRORS = [
  {
    code: 131051,
    title: 'Message type unknown',
    message: 'Message type unknown',
    error_data: { details: 'Message type is currently not supported.' },
  },
];

/** The customer's side: write messages, upload files, read a conversation, follow live events. */
export function registerCustomerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { waId: string } }>('/sandbox/customers/:waId/messages', (request, reply) => {
    const waId = request.params.waId.replace(/^\+/, '');
    if (!/^\d{5,20}$/.test(waId)) throw invalidParameter('(#100) wa_id must be digits');
    const body = parseOrThrow(customerMessageSchema, request.body);
    const number = resolveNumber(ctx, body.phoneNumberId);
    const content = buildContent(ctx, number, body);
    const { wamid, delivery, message } = ctx.messaging.customerWrites(number, waId, {
      name: body.name ?? ctx.store.findConversation(number.phoneNumberId, waId)?.name ?? waId,
      type: body.type,
      content,
      contextId: body.context?.id,
      referral: body.referral,
      extra: body.type === 'unsupported' ? { errors: UNSUPPORTED_ERRORS } : undefined,
      timestampMs: body.timestamp === undefined ? undefined : Number(body.timestamp) * 1000,
    });
    return reply
      .code(201)
      .send({ id: wamid, deliveryId: delivery.id, message: publicMessage(message) });
  });

  // The phone page's upload: stored as media of the business number, so Sapa can fetch it.
  app.post('/sandbox/media', async (request, reply) => {
    const upload = request.isMultipart() ? await readMultipart(request) : null;
    if (!upload) throw invalidParameter('(#100) A multipart file is required');
    const number = resolveNumber(ctx, upload.fields.phoneNumberId);
    const media = ctx.store.putMedia({
      phoneNumberId: number.phoneNumberId,
      bytes: upload.bytes,
      mimeType: upload.fields.type || upload.mimeType || 'application/octet-stream',
      filename: upload.filename,
    });
    return reply.code(201).send({
      id: media.id,
      mime_type: media.mimeType,
      sha256: media.sha256,
      file_size: media.fileSize,
      filename: media.filename,
    });
  });

  // Sandbox-internal bytes for the phone page (no token: the page plays the customer's device).
  app.get<{ Params: { id: string } }>('/sandbox/media/:id', (request, reply) => {
    const media = ctx.store.getMedia(request.params.id);
    if (!media) return reply.code(404).send({ error: { message: 'No such media' } });
    return reply
      .header('content-type', media.mimeType)
      .header('cache-control', 'private, max-age=3600')
      .send(media.bytes);
  });

  app.get<{ Querystring: { number?: string; customer?: string } }>(
    '/sandbox/conversations',
    (request) => {
      const number = resolveNumber(ctx, request.query.number);
      const conv = ctx.store.findConversation(number.phoneNumberId, request.query.customer ?? '');
      return { data: conv ? conv.messages.map(publicMessage) : [], name: conv?.name ?? null };
    },
  );

  app.get<{ Querystring: { number?: string; customer?: string } }>(
    '/sandbox/events',
    (request, reply) => {
      const number = resolveNumber(ctx, request.query.number);
      const waId = (request.query.customer ?? '').replace(/^\+/, '');
      if (!/^\d{5,20}$/.test(waId)) throw invalidParameter('(#100) customer must be digits');
      const res = openEventStream(reply);
      const conv = ctx.store.findConversation(number.phoneNumberId, waId);
      writeEvent(res, {
        type: 'snapshot',
        data: { name: conv?.name ?? null, messages: conv ? conv.messages.map(publicMessage) : [] },
      });
      const unsubscribe = ctx.events.subscribe(number.phoneNumberId, waId, res);
      request.raw.on('close', unsubscribe);
      // An open page is an open chat: what the business sent is now read.
      ctx.messaging.openConversation(number, waId);
    },
  );
}
