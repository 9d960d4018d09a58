import { messageIdParamsSchema, uploadedMediaSchema } from '@sapa/contracts';
import { callerOf } from '../../http/authenticate.js';
import { ProviderError } from '../../channels/errors.js';
import { conflict, notFound } from '../../http/errors.js';
import type { App } from '../../http/types.js';
import { getMessage, storeInboundMedia } from '../inbox/index.js';
import type { ModuleContext } from '../registry.js';
import { findMedia, sendStoredMedia } from './serve.js';
import { saveUpload } from './service.js';
import { readMultipartFile } from '../../http/multipart.js';

export function mediaRoutes(app: App, { deps }: ModuleContext): void {
  app.post(
    '/api/media',
    {
      config: { apiOnlyAllowed: true, idempotent: false, scope: 'messages:send' },
      schema: {
        tags: ['media'],
        consumes: ['multipart/form-data'],
        response: { 201: uploadedMediaSchema },
      },
    },
    async (request, reply) => {
      const file = await readMultipartFile(request, {
        tooLarge: 'The file may not be larger than 1 MB',
      });
      const bytes = await file.bytes();
      const saved = await saveUpload(deps, callerOf(request), {
        bytes,
        filename: file.filename,
        declaredMime: file.mimetype,
      });
      return reply.status(201).send(saved);
    },
  );

  // Attachments are served only to users who may see the chat they belong to.
  app.get(
    '/api/messages/:id/media',
    {
      config: { scope: 'messages:read' },
      schema: { tags: ['media'], params: messageIdParamsSchema },
    },
    async (request, reply) => {
      const message = await getMessage(deps, callerOf(request), request.params.id);
      const mediaId =
        message.media_id ??
        (await storeInboundMedia(deps, String(message.id)).catch((err: unknown) => {
          // Not downloaded yet and the provider cannot hand it over now (a linked number's file
          // comes only through the process holding its session): a moment later it will be here.
          if (err instanceof ProviderError && err.retryable)
            throw conflict('The file is still on its way. Try again in a moment.', 'MEDIA_PENDING');
          if (err instanceof ProviderError)
            throw notFound('This attachment is no longer available');
          throw err;
        }));
      if (!mediaId) throw notFound('This message has no attachment');
      const media = await findMedia(deps.db, callerOf(request).accountId, mediaId);
      if (!media) throw notFound('This message has no attachment');
      return sendStoredMedia(reply, deps, media, 'private, max-age=3600');
    },
  );
}
