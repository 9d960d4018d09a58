import type { Message } from '@sapa/contracts';
import { record, records, str, type JsonRecord } from './payload';
import { safeHref } from '../../../lib/richText';

/**
 * Buttons, lists and link buttons. Inbound, the customer's choice is `payload.reply` (ingest
 * mapping of button_reply, list_reply and template quick replies). Outbound (templates, bots),
 * the buttons are read from either our flat `payload.buttons` or WhatsApp's own `interactive`
 * send shape, whichever the sender stored.
 */

export interface ChosenReply {
  title: string | null;
  description: string | null;
}

export function chosenReply(payload: JsonRecord): ChosenReply | null {
  const reply = payload.reply;
  if (!reply || typeof reply !== 'object') return null;
  const r = record(reply);
  return { title: str(r.title), description: str(r.description) };
}

export interface OfferedButton {
  label: string;
  /** Only for link buttons, and only http(s). */
  url: string | null;
}

export interface OfferedList {
  label: string | null;
  rows: { title: string; description: string | null }[];
}

export interface Offered {
  header: string | null;
  footer: string | null;
  buttons: OfferedButton[];
  list: OfferedList | null;
}

function button(raw: JsonRecord): OfferedButton | null {
  const reply = record(raw.reply);
  const label =
    str(raw.title) ?? str(raw.text) ?? str(raw.label) ?? str(raw.display_text) ?? str(reply.title);
  if (!label) return null;
  const url = str(raw.url);
  return { label, url: url ? safeHref(url) : null };
}

export function offeredInteractive(message: Pick<Message, 'payload'>): Offered {
  const { payload } = message;
  const interactive = record(payload.interactive);
  const action = record(interactive.action);
  const buttons = [...records(payload.buttons), ...records(action.buttons)]
    .map(button)
    .filter((b): b is OfferedButton => b !== null);
  const cta = record(action.parameters);
  const ctaButton = button(cta);
  if (ctaButton) buttons.push(ctaButton);
  const sections = [...records(payload.sections), ...records(action.sections)];
  const rows = sections.flatMap((s) =>
    records(s.rows)
      .map((r) => ({ title: str(r.title) ?? '', description: str(r.description) }))
      .filter((r) => r.title),
  );
  const list =
    rows.length > 0 || str(action.button) || str(payload.listLabel)
      ? { label: str(action.button) ?? str(payload.listLabel), rows }
      : null;
  const header = str(payload.header) ?? str(record(interactive.header).text);
  const footer = str(payload.footer) ?? str(record(interactive.footer).text);
  return { header, footer, buttons, list };
}
