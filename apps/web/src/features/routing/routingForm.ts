import {
  GREETING_DIVISIONS_MAX,
  GREETING_TEXT_MAX,
  greetingMessageText,
  type GreetingBody,
  type HandoverSettings,
  type Presence,
  type SettingKey,
} from '@sapa/contracts';
import { formatTime } from '../../lib/datetime';

/** The settings API's limit for message texts (server catalog `text(1000)`). */
export const MESSAGE_MAX = 1000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

type Settings = Readonly<Record<string, string | null>>;

/** Working hours and the automatic messages, as the form edits them. */
export interface HoursValues {
  agentWorkingHourStart: string;
  agentWorkingHourEnd: string;
  noOnlineAgentResMsg: string;
  statusAutoResponder: boolean;
  welcomeMessage: string;
}

export function hoursValues(settings: Settings): HoursValues {
  return {
    agentWorkingHourStart: settings.agentWorkingHourStart || '08:00',
    agentWorkingHourEnd: settings.agentWorkingHourEnd || '17:00',
    noOnlineAgentResMsg: settings.noOnlineAgentResMsg ?? '',
    statusAutoResponder: settings.statusAutoResponder === 'true',
    welcomeMessage: settings.welcomeMessage ?? '',
  };
}

/** `POST /settings` entries for what changed; an emptied message clears the key (null). */
export function hoursPayload(
  values: HoursValues,
  initial: HoursValues,
): { key: SettingKey; value: string | null }[] {
  const out: { key: SettingKey; value: string | null }[] = [];
  for (const key of Object.keys(values) as (keyof HoursValues)[]) {
    if (values[key] === initial[key]) continue;
    const value = values[key];
    if (typeof value === 'boolean') out.push({ key, value: value ? 'true' : 'false' });
    else out.push({ key, value: value.trim() === '' ? null : value.trim() });
  }
  return out;
}

/** Field → i18n key of the `routing` namespace; empty when the values can be saved. */
export function validateHours(values: HoursValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!TIME.test(values.agentWorkingHourStart)) errors.agentWorkingHourStart = 'errors.time';
  if (!TIME.test(values.agentWorkingHourEnd)) errors.agentWorkingHourEnd = 'errors.time';
  if (values.noOnlineAgentResMsg.trim().length > MESSAGE_MAX)
    errors.noOnlineAgentResMsg = 'errors.messageTooLong';
  if (values.welcomeMessage.trim().length > MESSAGE_MAX)
    errors.welcomeMessage = 'errors.messageTooLong';
  // An auto responder with nothing to say would look on but never answer anyone.
  if (
    values.statusAutoResponder &&
    !values.noOnlineAgentResMsg.trim() &&
    !values.welcomeMessage.trim()
  )
    errors.noOnlineAgentResMsg = 'errors.responderNeedsText';
  return errors;
}

/** `POST /settings/handover` body: only the fields that changed. */
export function handoverPayload(
  values: HandoverSettings,
  initial: HandoverSettings,
): Partial<HandoverSettings> {
  const out: Partial<HandoverSettings> = {};
  for (const key of Object.keys(values) as (keyof HandoverSettings)[]) {
    if (values[key] !== initial[key]) Object.assign(out, { [key]: values[key] });
  }
  return out;
}

/** "HH:mm" now in a time zone (24 h), the clock the server's working hours use. */
export function clockIn(timeZone: string, now: Date): string {
  return formatTime(now, { timeZone });
}

/** Twin of the server's rule: start inclusive, end exclusive, end before start spans midnight. */
export function withinHours(clock: string, start: string, end: string): boolean {
  if (start === end) return true;
  return start < end ? clock >= start && clock < end : clock >= start || clock < end;
}

export interface GreetingValues {
  text: string;
  divisionIds: string[];
}

/** Mirrors `greetingBodySchema`; field → i18n key of the `routing` namespace. */
export function validateGreeting(values: GreetingValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const text = values.text.trim();
  if (!text) errors.text = 'errors.greetingText';
  else if (text.length > GREETING_TEXT_MAX) errors.text = 'errors.greetingTooLong';
  if (values.divisionIds.length === 0) errors.divisionIds = 'errors.greetingDivisions';
  else if (values.divisionIds.length > GREETING_DIVISIONS_MAX)
    errors.divisionIds = 'errors.greetingTooMany';
  else if (new Set(values.divisionIds).size !== values.divisionIds.length)
    errors.divisionIds = 'errors.greetingRepeated';
  return errors;
}

export function greetingPayload(values: GreetingValues): GreetingBody {
  return { text: values.text.trim(), divisionIds: [...values.divisionIds] };
}

/** Moves one division up (-1) or down (+1); out of range leaves the order alone. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

/** The message the customer receives, with the names of the chosen divisions in order. */
export function greetingPreview(
  values: GreetingValues,
  divisionNames: ReadonlyMap<string, string>,
): string {
  const names = values.divisionIds.map((id) => divisionNames.get(id) ?? '');
  return greetingMessageText(values.text, names.filter(Boolean));
}

export type PresenceState = 'online' | 'away' | 'offline';

/** Online: connected and not away; away: connected but switched off; offline: no screen open. */
export function presenceState(p: Presence): PresenceState {
  if (p.online) return 'online';
  return p.connected ? 'away' : 'offline';
}

const ORDER: Record<PresenceState, number> = { online: 0, away: 1, offline: 2 };

/** Online first, then away, then offline; by name within each. */
export function sortPresence(list: readonly Presence[]): Presence[] {
  return [...list].sort(
    (a, b) => ORDER[presenceState(a)] - ORDER[presenceState(b)] || a.name.localeCompare(b.name),
  );
}

/** A `presence.updated` payload folded into the list (a new user is added). */
export function upsertPresence(list: readonly Presence[], next: Presence): Presence[] {
  const found = list.some((p) => p.userId === next.userId);
  return found ? list.map((p) => (p.userId === next.userId ? next : p)) : [...list, next];
}
