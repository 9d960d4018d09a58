/**
 * WhatsApp's `message_template_status_update` webhook field (reference §2.6): Meta's verdict on a
 * submitted template. parse.ts handles the `messages` field; this file reads only this one.
 */
export interface TemplateStatusEvent {
  /** The WABA the template lives on (the entry's id). */
  wabaId: string | null;
  providerTemplateId: string;
  name: string;
  language: string;
  /** APPROVED, REJECTED, PAUSED, DISABLED, PENDING, REINSTATED, FLAGGED, … as Meta sends it. */
  event: string;
  /** Meta's reason (NONE, ABUSIVE_CONTENT, INVALID_FORMAT, …) or null. */
  reason: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

/** Every template status change in a webhook body; malformed items are skipped. */
export function parseTemplateStatusWebhook(body: unknown): TemplateStatusEvent[] {
  if (!isRecord(body) || !Array.isArray(body.entry)) return [];
  const out: TemplateStatusEvent[] = [];
  for (const entry of body.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isRecord(change) || change.field !== 'message_template_status_update') continue;
      const v = change.value;
      if (!isRecord(v)) continue;
      // Meta sends the id as a JSON number (16 digits still fit a double exactly).
      const id = text(v.message_template_id);
      const event = text(v.event);
      if (!id || !event) continue;
      out.push({
        wabaId: text(entry.id),
        providerTemplateId: id,
        name: text(v.message_template_name) ?? '',
        language: text(v.message_template_language) ?? '',
        event: event.toUpperCase(),
        reason: text(v.reason),
      });
    }
  }
  return out;
}
