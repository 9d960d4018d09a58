import { messageIdParamsSchema, uploadedMediaSchema } from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import type { App } from '../../http/types.js';
import { LocalStorage } from '../../lib/storage.js';
import { getMessage, storeInboundMedia } from '../inbox/index.js';
import type { ModuleContext } from '../registry.js';
import { saveUpload } from './service.js';
import { readMultipartFile } from '../../http/multipart.js';

export function mediaRoutes(app: App, { deps }: ModuleContext): void {
  app.post(
    '/api/media',
    {
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
      const saved = await saveUpload(deps, principalOf(request), {
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
    { schema: { tags: ['media'], params: messageIdParamsSchema } },
    async (request, reply) => {
      const message = await getMessage(deps, principalOf(request), request.params.id);
      const mediaId = message.media_id ?? (await storeInboundMedia(deps, String(message.id)));
      if (!mediaId) throw notFound('This message has no attachment');
      const media = await deps.db
        .selectFrom('media')
        .select(['storage_key', 'mime_type', 'filename', 'size_bytes'])
        .where('id', '=', mediaId)
        .where('account_id', '=', principalOf(request).accountId)
        .executeTakeFirst();
      if (!media) throw notFound('This message has no attachment');
      const inline = /^(image|video|audio)\//.test(media.mime_type);
      const name = encodeURIComponent(media.filename ?? 'file');
      return reply
        .header('content-type', media.mime_type)
        .header('content-length', media.size_bytes)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
        )
        .send(await new LocalStorage(deps.config.mediaDir).open(media.storage_key));
    },
  );
}
