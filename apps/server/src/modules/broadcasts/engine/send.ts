import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../../../deps.js';
import type { WhatsappCloudCredentials } from '@sapa/contracts';
import type { TemplateSend } from '../../../channels/types.js';
import { ProviderError } from '../../../channels/types.js';
import { backoffSeconds } from '../../../jobs/definitions.js';
import type { ClaimedRecipient, SendingBroadcast, SendResult } from './repo.js';

/** Sends are tagged so status webhooks find their recipient (reference §2.3: echoed, ≤512). */
export const CALLBACK_PREFIX = 'bcast:';

export const callbackDataOf = (recipientId: string) => `${CALLBACK_PREFIX}${recipientId}`;

/** The recipient id in a status's `biz_opaque_callback_data`, or null when it is not ours. */
export function recipientIdOfCallback(data: string | null | undefined): string | null {
  if (!data?.startsWith(CALLBACK_PREFIX)) return null;
  const id = data.slice(CALLBACK_PREFIX.length);
  return /^\d{1,18}$/.test(id) ? id : null;
}

/** After this many attempts a recipient that keeps being refused fails with the last error. */
export const MAX_ATTEMPTS = 8;

/**
 * What to do with one send's outcome. A transport failure (no HTTP answer: timeout, reset) or an
 * unexpected exception returns null: the request may have reached Meta, so the row stays
 * 'sending' and is settled by its status webhook or, with none after the grace period, resent
 * (see recovery.ts) — retrying it now could send the message twice.
 */
export function classify(
  recipient: ClaimedRecipient,
  outcome: { wamid: string } | { error: unknown },
  now: Date,
  random: () => number = Math.random,
): SendResult | null {
  if ('wamid' in outcome) return { id: recipient.id, status: 'sent', wamid: outcome.wamid };
  const err = outcome.error;
  if (!(err instanceof ProviderError) || err.httpStatus === null) return null;
  const error = { code: err.info.code, title: err.info.title, message: err.info.message };
  if (err.kind === 'template_missing')
    return { id: recipient.id, status: 'no-match-template', error };
  // Throughput limits (rate_limited) and transient refusals are worth a later retry.
  if ((err.kind === 'rate_limited' || err.retryable) && recipient.attempts < MAX_ATTEMPTS) {
    const wait = backoffSeconds(recipient.attempts, random);
    return {
      id: recipient.id,
      status: 'delayed',
      error,
      nextAttemptAt: new Date(now.getTime() + wait * 1000),
    };
  }
  return { id: recipient.id, status: 'failed', error };
}

/** The template message of one recipient: the broadcast's template filled with its values. */
export function templateFor(
  b: SendingBroadcast,
  r: ClaimedRecipient,
  headerMediaId: string | null,
): TemplateSend {
  const media = b.header_media;
  return {
    name: b.template_name,
    language: b.template_language,
    bodyParams: r.params,
    headerText: b.header_type === 'text' ? r.header_param : null,
    headerMedia: media
      ? {
          type: media.type,
          ...(media.link ? { link: media.link } : {}),
          ...(headerMediaId ? { providerMediaId: headerMediaId } : {}),
          filename: media.filename ?? null,
        }
      : null,
  };
}

/**
 * A header file kept in Sapa's media store is uploaded to Meta once per lane run; a link is
 * passed through as is.
 */
export async function uploadHeaderMedia(
  deps: Deps,
  b: SendingBroadcast,
  config: WhatsappCloudCredentials,
): Promise<string | null> {
  const mediaId = b.header_media?.mediaId;
  if (!mediaId || b.header_media?.link) return null;
  const row = await deps.db
    .selectFrom('media')
    .select(['storage_key', 'mime_type', 'filename'])
    .where('id', '=', mediaId)
    .where('account_id', '=', b.account_id)
    .executeTakeFirst();
  if (!row) return null;
  const bytes = await readFile(join(deps.config.mediaDir, row.storage_key));
  return deps.channels.whatsapp.uploadMedia(config, {
    bytes,
    mimeType: row.mime_type,
    filename: row.filename ?? 'file',
  });
}
