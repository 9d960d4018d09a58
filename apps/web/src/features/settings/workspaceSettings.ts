import type { SettingKey } from '@sapa/contracts';

/**
 * The workspace card edits the account's time zone. Working hours, assignment, handover and the
 * fallback agent are routing settings and live on /setting/routing only, so each key has one
 * screen.
 */
export interface WorkspaceValues {
  timezone: string;
}

export function workspaceValues(
  settings: Readonly<Record<string, string | null>>,
): WorkspaceValues {
  return { timezone: settings.timezone ?? '' };
}

/** Keys whose value differs from what is stored. */
export function changedSettings(
  values: WorkspaceValues,
  initial: WorkspaceValues,
): { key: SettingKey; value: string | null }[] {
  return values.timezone !== initial.timezone ? [{ key: 'timezone', value: values.timezone }] : [];
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
