import type { SettingKey } from '@sapa/contracts';

/**
 * The account-writable settings this screen edits. Each is one the server accepts from an admin
 * (apps/server settings catalog); channel, automation and API keys belong to their own screens.
 */
export type WorkspaceField =
  | { key: 'timezone'; kind: 'timezone' }
  | { key: 'agentWorkingHourStart' | 'agentWorkingHourEnd'; kind: 'time' }
  | {
      key: 'allowOfflineAssignment' | 'isRouteDivision' | 'autoHandoverIfOnline';
      kind: 'switch';
    }
  | { key: 'fallbackAgent'; kind: 'user' };

export const WORKSPACE_FIELDS: readonly WorkspaceField[] = [
  { key: 'timezone', kind: 'timezone' },
  { key: 'agentWorkingHourStart', kind: 'time' },
  { key: 'agentWorkingHourEnd', kind: 'time' },
  { key: 'isRouteDivision', kind: 'switch' },
  { key: 'allowOfflineAssignment', kind: 'switch' },
  { key: 'autoHandoverIfOnline', kind: 'switch' },
  { key: 'fallbackAgent', kind: 'user' },
];

export type WorkspaceValues = Record<WorkspaceField['key'], string>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function workspaceValues(
  settings: Readonly<Record<string, string | null>>,
): WorkspaceValues {
  const values = {} as WorkspaceValues;
  for (const field of WORKSPACE_FIELDS) {
    const raw = settings[field.key] ?? '';
    values[field.key] = field.kind === 'switch' ? (raw === 'true' ? 'true' : 'false') : raw;
  }
  return values;
}

/** Keys whose value differs from what is stored; an empty user choice clears the key. */
export function changedSettings(
  values: WorkspaceValues,
  initial: WorkspaceValues,
): { key: SettingKey; value: string | null }[] {
  return WORKSPACE_FIELDS.filter((f) => values[f.key] !== initial[f.key]).map((f) => ({
    key: f.key,
    value: f.kind === 'user' && values[f.key] === '' ? null : values[f.key],
  }));
}

export function invalidTimes(values: WorkspaceValues): WorkspaceField['key'][] {
  return WORKSPACE_FIELDS.filter((f) => f.kind === 'time' && !TIME.test(values[f.key])).map(
    (f) => f.key,
  );
}

/** IANA zones the browser knows, with the current value kept even if the list lacks it. */
export function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // Old browsers: the current zone alone still lets the form show and save.
  }
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
