import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { graphMessageFor } from '../faults.js';
import type { StoredMedia } from '../store.js';
import { bearerToken, graphCall } from './call.js';
import { GraphError, graphErrorBody, invalidParameter, invalidToken } from './errors.js';
import { numberProfile, registerNumberRoutes } from './numbers.js';
import { markReadSchema, sendBodySchema, toGraphError } from './send-schema.js';
import { checkTemplateSend } from '../templates/routes.js';

type Params = { version: string; id: string };

// Meta's per-type upload limits (reference §2.5).
const LIMITS: Array<[RegExp, number]> = [
  [/^image\/webp$/, 500 * 1024],
  [/^image\//, 5 * 1024 * 1024],
  [/^(video|audio)\//, 16 * 1024 * 1024],
  [/^(application|text)\//, 100 * 1024 * 1024],
];

export interface UploadedFile {
  bytes: Buffer;
  mimeType: string;
  filename?: string;
  fields: Record<string, string>;
}

/** Reads a multipart body: the first file plus all plain fields. */
export async function readMultipart(request: FastifyRequest): Promise<UploadedFile | null> {
  const fields: Record<string, string> = {};
  let file: Omit<UploadedFile, 'fields'> | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (!file) file = { bytes, mimeType: part.mimetype, filename: part.filename || undefined };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return file ? { ...file, fields } : null;
}

export function mediaMetadata(ctx: SandboxContext, media: StoredMedia) {
  const token = ctx.store.issueDownloadToken(media.id);
  return {
    messaging_product: 'whatsapp',
    url: `${ctx.config.publicUrl}/media-download/${media.id}?token=${token}`,
    mime_type: media.mimeType,
    sha256: media.sha256,
    file_size: media.fileSize,
    id: media.id,
  };
}

/** Takes one send from the number's rate; Meta's 130429 when over it. */
function admitOrRefusal(ctx: SandboxContext, phoneNumberId: string): GraphError | null {
  try {
    ctx.throughput.admit(phoneNumberId);
    return null;
  } catch (err) {
    if (err instanceof GraphError) return err;
    throw err;
  }
}

export function registerGraphRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  app.post<{ Params: Params }>('/:version/:id/messages', (request, reply) => {
    // Counted and rated on arrival, before any check or injected delay: Meta counts what it
    // receives, so a slow answer must not move its send into a later second.
    const isSend = (request.body as { status?: unknown } | null)?.status !== 'read';
    const own = store.getNumber(request.params.id);
    let overRate: GraphError | null = null;
    if (isSend && own) {
      ctx.arrivals.record(own.phoneNumberId, ctx.clock.now());
      if (bearerToken(request) === own.accessToken)
        overRate = admitOrRefusal(ctx, own.phoneNumberId);
    }
    return graphCall(
      ctx,
      request,
      reply,
      {
        endpoint: 'messages',
        version: request.params.version,
        objectId: request.params.id,
        resolveNumber: () => store.getNumber(request.params.id),
      },
      (number, fault) => {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        if (raw.status === 'read') {
          const read = markReadSchema.safeParse(raw);
          if (!read.success) throw toGraphError(read.error);
          if (!/^wamid\./.test(read.data.message_id)) {
            throw invalidParameter('(#100) Invalid parameter', 'message_id is not a valid wamid');
          }
          ctx.messaging.markRead(number, read.data.message_id, !!read.data.typing_indicator);
          return { success: true };
        }
        const parsed = sendBodySchema.safeParse(raw);
        if (!parsed.success) throw toGraphError(parsed.error);
        if (overRate) throw overRate;
        // What the customer's phone shows: the approved text, filled (kept for the phone page).
        if (parsed.data.template)
          Object.assign(parsed.data.template, {
            rendered: checkTemplateSend(ctx, number, parsed.data.template),
          });
        const forced =
          fault?.respond === 'fail-async'
            ? (() => {
                const code = fault.graphCode ?? 131026;
                const { message } = graphMessageFor(code);
                const title = fault.message ?? message;
                return { code, title, message: title, error_data: { details: title } };
              })()
            : undefined;
        const { wamid, waId } = ctx.messaging.send(
          number,
          parsed.data,
          request.params.version,
          forced,
        );
        if (parsed.data.type === 'template') ctx.ledger.record(number.phoneNumberId, waId);
        return {
          messaging_product: 'whatsapp',
          contacts: [{ input: parsed.data.to, wa_id: waId }],
          messages: [
            {
              id: wamid,
              ...(parsed.data.type === 'template' ? { message_status: 'accepted' } : {}),
            },
          ],
        };
      },
    );
  });

  app.post<{ Params: Params }>('/:version/:id/media', async (request, reply) => {
    const upload = request.isMultipart() ? await readMultipart(request) : null;
    return graphCall(
      ctx,
      request,
      reply,
      {
        endpoint: 'media',
        version: request.params.version,
        objectId: request.params.id,
        resolveNumber: () => store.getNumber(request.params.id),
        loggedBody: upload
          ? {
              fields: upload.fields,
              file: {
                filename: upload.filename,
                mimeType: upload.mimeType,
                size: upload.bytes.length,
              },
            }
          : null,
      },
      (number) => {
        if (!upload) throw invalidParameter('(#100) The parameter file is required.');
        if (upload.fields.messaging_product !== 'whatsapp') {
          throw invalidParameter('(#100) The parameter messaging_product is required.');
        }
        const mimeType = upload.fields.type || upload.mimeType;
        const limit = LIMITS.find(([re]) => re.test(mimeType))?.[1];
        if (limit === undefined) {
          throw invalidParameter(`(#100) Param type is invalid: unsupported MIME type ${mimeType}`);
        }
        if (upload.bytes.length > limit) {
          throw new GraphError(400, 131053, 'Media upload error', {
            details: `File of ${upload.bytes.length} bytes exceeds the ${limit} byte limit for ${mimeType}.`,
          });
        }
        const media = store.putMedia({
          phoneNumberId: number.phoneNumberId,
          bytes: upload.bytes,
          mimeType,
          filename: upload.filename,
        });
        return { id: media.id };
      },
    );
  });

  registerNumberRoutes(app, ctx);

  // GET /{id}: a media object, or a phone number's profile (Sapa checks a channel with it).
  app.get<{ Params: Params; Querystring: { fields?: string } }>(
    '/:version/:id',
    (request, reply) => {
      const { id } = request.params;
      const media = store.getMedia(id);
      return graphCall(
        ctx,
        request,
        reply,
        {
          endpoint: media ? 'media' : 'other',
          version: request.params.version,
          objectId: id,
          resolveNumber: () => store.getNumber(media ? media.phoneNumberId : id),
        },
        (number) =>
          media ? mediaMetadata(ctx, media) : numberProfile(number, request.query.fields),
      );
    },
  );

  app.delete<{ Params: Params }>('/:version/:id', (request, reply) => {
    const media = store.getMedia(request.params.id);
    return graphCall(
      ctx,
      request,
      reply,
      {
        endpoint: 'media',
        version: request.params.version,
        objectId: request.params.id,
        resolveNumber: () => (media ? store.getNumber(media.phoneNumberId) : undefined),
      },
      () => ({ success: store.deleteMedia(request.params.id) }),
    );
  });

  // Like Meta's lookaside host: the short-lived URL alone is not enough, the bearer token is too.
  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/media-download/:id',
    (request, reply) => {
      const media = store.getMedia(request.params.id);
      const owner = media ? store.getNumber(media.phoneNumberId) : undefined;
      const fail = (err: GraphError) => reply.code(err.httpStatus).send(graphErrorBody(err));
      if (!media || !owner) return fail(new GraphError(404, 100, 'Media not found'));
      if (bearerToken(request) !== owner.accessToken) return fail(invalidToken());
      if (!store.checkDownloadToken(media.id, request.query.token)) {
        return fail(new GraphError(404, 100, 'URL signature expired'));
      }
      ctx.calls.record({
        at: new Date(ctx.clock.now()).toISOString(),
        method: 'GET',
        path: `/media-download/${media.id}`,
        endpoint: 'media',
        phoneNumberId: owner.phoneNumberId,
        authorization: request.headers.authorization,
        body: null,
        responseStatus: 200,
      });
      return reply
        .header('content-type', media.mimeType)
        .header('content-length', media.fileSize)
        .send(media.bytes);
    },
  );
}
