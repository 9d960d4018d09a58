import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { bearerToken, graphCall } from '../graph/call.js';
import { GraphError, invalidParameter } from '../graph/errors.js';

// The Resumable Upload API's accepted types (Meta's guide) and a size cap for the sandbox.
const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4'];
const MAX_LENGTH = 100 * 1024 * 1024;

const startSchema = z.object({
  file_name: z.string().min(1).max(255).optional(),
  file_length: z.coerce.number().int().min(1).max(MAX_LENGTH),
  file_type: z.enum(FILE_TYPES),
});

interface Session {
  token: string;
  fileLength: number;
  fileType: string;
}

/**
 * Meta's Resumable Upload API, as a template's media header needs it: a session opened on the
 * app, the bytes sent from offset 0, and a file handle `h` that message_templates accepts as
 * `example.header_handle`. Handles are remembered so a template with any other value is refused.
 */
export class HeaderUploads {
  private sessions = new Map<string, Session>();
  private handles = new Map<string, { fileType: string; size: number }>();

  start(token: string, fileLength: number, fileType: string): string {
    const id = `upload:${randomBytes(12).toString('base64url')}`;
    this.sessions.set(id, { token, fileLength, fileType });
    return id;
  }

  session(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  finish(id: string, size: number): string {
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    const handle = `4::${randomBytes(24).toString('base64url')}`;
    this.handles.set(handle, { fileType: session?.fileType ?? '', size });
    return handle;
  }

  fileTypeOf(handle: string): string | undefined {
    return this.handles.get(handle)?.fileType;
  }

  reset(): void {
    this.sessions.clear();
    this.handles.clear();
  }
}

export function registerUploadRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  uploads: HeaderUploads,
): void {
  const numberWithToken = (token: string | undefined) =>
    ctx.store.listNumbers().find((n) => n.accessToken === token);

  // Raw bytes for the upload step; other routes keep their JSON and multipart parsers.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { version: string; appId: string } }>(
    '/:version/:appId/uploads',
    (request, reply) =>
      graphCall(
        ctx,
        request,
        reply,
        {
          endpoint: 'other',
          version: request.params.version,
          objectId: request.params.appId,
          // The sandbox has one app: any business number's token may use it; another token
          // falls to the first number, whose token check then answers Meta's 190.
          resolveNumber: () => numberWithToken(bearerToken(request)) ?? ctx.store.listNumbers()[0],
        },
        (number) => {
          const parsed = startSchema.safeParse(request.query ?? {});
          if (!parsed.success)
            throw invalidParameter(
              `(#100) Param ${String(parsed.error.issues[0]?.path[0] ?? 'file_type')} is invalid`,
            );
          return {
            id: uploads.start(number.accessToken, parsed.data.file_length, parsed.data.file_type),
          };
        },
      ),
  );
}

/** `POST /{version}/upload:{id}`: shares the `/:version/:id` route, which hands it over here. */
export function uploadFileCall(
  ctx: SandboxContext,
  uploads: HeaderUploads,
  request: FastifyRequest<{ Params: { version: string; id: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const id = request.params.id;
  const session = uploads.session(id);
  return graphCall(
    ctx,
    request,
    reply,
    {
      endpoint: 'other',
      version: request.params.version,
      objectId: id,
      loggedBody: { bytes: Buffer.isBuffer(request.body) ? request.body.length : 0 },
      resolveNumber: () =>
        session ? ctx.store.listNumbers().find((n) => n.accessToken === session.token) : undefined,
    },
    () => {
      if (!session) throw new GraphError(400, 100, `Upload session ${id} does not exist`);
      if (request.headers.file_offset !== '0')
        throw invalidParameter('(#100) file_offset must be 0 for a new upload');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (bytes.length !== session.fileLength)
        throw invalidParameter(
          `(#100) The upload has ${bytes.length} bytes; the session was opened for ${session.fileLength}`,
        );
      return { h: uploads.finish(id, bytes.length) };
    },
  );
}
