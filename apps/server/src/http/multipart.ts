import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export interface MultipartUpload {
  filename: string;
  mimetype: string;
  /** Text fields sent before the file. */
  fields: Record<string, string>;
  /** The file's bytes; 413 with `tooLarge` when it passes the limit. */
  bytes: () => Promise<Buffer>;
}

/**
 * The one file of a multipart request, with the form fields sent before it. Bytes are read on
 * demand, so a route can refuse bad fields before reading a large file.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  opts: { maxBytes?: number; tooLarge: string },
): Promise<MultipartUpload> {
  let file;
  try {
    file = await request.file(
      opts.maxBytes === undefined ? undefined : { limits: { fileSize: opts.maxBytes } },
    );
  } catch {
    throw badRequest('Send the file as multipart/form-data', 'NOT_MULTIPART');
  }
  if (!file) throw badRequest('The file field is required', 'VALIDATION');
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  const found = file;
  return {
    filename: found.filename,
    mimetype: found.mimetype,
    fields,
    bytes: async () => {
      try {
        return await found.toBuffer();
      } catch {
        throw new AppError(413, opts.tooLarge, 'FILE_TOO_LARGE');
      }
    },
  };
}
