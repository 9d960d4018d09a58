import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { AppError, badRequest } from '../../http/errors.js';
import { LocalStorage } from '../../lib/storage.js';
import type { Caller } from '../auth/principal.js';

// Spec §5: images JPG/JPEG/PNG, video MP4/OGG, documents any type; 1 MB. Judged by content.
const IMAGE = new Set(['image/jpeg', 'image/png']);
const VIDEO = new Set(['video/mp4', 'video/ogg', 'application/ogg']);

export type UploadKind = 'image' | 'video' | 'document';

export function classifyUpload(
  detectedMime: string | null,
  declaredMime: string,
): { kind: UploadKind; mime: string } {
  if (detectedMime && IMAGE.has(detectedMime)) return { kind: 'image', mime: detectedMime };
  if (detectedMime && VIDEO.has(detectedMime))
    return { kind: 'video', mime: detectedMime === 'application/ogg' ? 'video/ogg' : detectedMime };
  // Anything else travels as a document, whatever its name or declared type claims.
  if (detectedMime) return { kind: 'document', mime: detectedMime };
  const safeDeclared =
    /^(text\/plain|text\/csv|application\/[\w.+-]+)$/.test(declaredMime) && !IMAGE.has(declaredMime)
      ? declaredMime
      : 'application/octet-stream';
  return { kind: 'document', mime: safeDeclared };
}

export async function saveUpload(
  deps: Deps,
  principal: Caller,
  file: { bytes: Buffer; filename: string; declaredMime: string },
) {
  if (file.bytes.length === 0) throw badRequest('The file is empty', 'EMPTY_FILE');
  if (file.bytes.length > LIMITS.uploadBytes)
    throw new AppError(413, 'The file may not be larger than 1 MB', 'FILE_TOO_LARGE');
  const detected = await fileTypeFromBuffer(file.bytes);
  const { kind, mime } = classifyUpload(detected?.mime ?? null, file.declaredMime);
  const key = `${principal.accountId}/${randomUUID()}`;
  await new LocalStorage(deps.config.mediaDir).put(key, file.bytes);
  const filename = file.filename.replace(/[\\/\r\n"]/g, '_').slice(0, 200) || 'file';
  const row = await deps.db
    .insertInto('media')
    .values({
      account_id: principal.accountId,
      storage_key: key,
      mime_type: mime,
      size_bytes: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      filename,
      created_by: principal.userId,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return { _id: row.id, mimeType: mime, size: file.bytes.length, filename, kind };
}
