import type { Broadcast, BroadcastCounts, BroadcastRecipient } from '@sapa/contracts';
import type { BroadcastRow } from './repo.js';
import type { RecipientPageRow } from './recipients.repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBroadcast(row: BroadcastRow, counts: BroadcastCounts): Broadcast {
  const media = row.header_media;
  return {
    _id: row.id,
    title: row.title,
    status: row.status,
    channelId: row.channel_id,
    channelName: row.channel_name,
    templateId: row.template_id,
    templateName: row.template_name,
    templateContent: row.template_content,
    headerMedia: media
      ? {
          type: media.type,
          link: media.link ?? null,
          mediaId: media.mediaId ?? null,
          filename: media.filename ?? null,
        }
      : null,
    selfAssign: row.self_assign,
    createdBy: row.created_by ? { _id: row.created_by, name: row.creator_name ?? '' } : null,
    scheduledAt: iso(row.scheduled_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    createdAt: row.created_at.toISOString(),
    totalCount: row.total_count,
    invalidCount: row.invalid_count,
    estimatedCost: Number(row.estimated_cost),
    pauseReason: row.status === 'paused' ? row.pause_reason : null,
    counts,
  };
}

/** Meta's error as one line: its message (or title), then its code. */
export function errorText(error: Record<string, unknown> | null): string | null {
  if (!error) return null;
  const text = [error.message, error.title, error.reason].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const code = typeof error.code === 'number' || typeof error.code === 'string' ? error.code : null;
  if (text && code !== null) return `${text} (${code})`;
  return text ?? (code !== null ? String(code) : null);
}

export function toRecipient(row: RecipientPageRow): BroadcastRecipient {
  return {
    _id: String(row.id),
    row: row.row_number,
    phone: row.phone,
    params: row.params,
    header: row.header_param,
    status: row.status,
    error: errorText(row.error),
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    readAt: iso(row.read_at),
    failedAt: iso(row.failed_at),
    repliedAt: iso(row.replied_at),
  };
}
