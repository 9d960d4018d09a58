import type { HandoverSettings, SettingKey, UpdateHandoverSettingsBody } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { SettingsService } from '../settings/service.js';
import { forgetRoutingSettings } from './settings.js';

const BOOLEAN_KEYS = [
  'currentAutoAssign',
  'isRouteDivision',
  'allowOfflineAssignment',
  'autoHandoverIfOnline',
] as const satisfies readonly (keyof HandoverSettings & SettingKey)[];

/**
 * The handover keys of §3 as one typed object. Writes go through the settings service, so they
 * are checked the same way (fallbackAgent must be an active user of the account).
 */
export class HandoverSettingsService {
  private readonly settings: SettingsService;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {
    this.settings = new SettingsService(deps);
  }

  async get(accountId: string): Promise<HandoverSettings> {
    const values = new Map((await this.settings.list(accountId)).map((s) => [s.key, s.value]));
    return {
      currentAutoAssign: values.get('currentAutoAssign') === 'true',
      isRouteDivision: values.get('isRouteDivision') === 'true',
      allowOfflineAssignment: values.get('allowOfflineAssignment') === 'true',
      autoHandoverIfOnline: values.get('autoHandoverIfOnline') === 'true',
      fallbackAgent: values.get('fallbackAgent') ?? null,
    };
  }

  async update(accountId: string, body: UpdateHandoverSettingsBody): Promise<HandoverSettings> {
    const entries: { key: SettingKey; value: string | null }[] = [];
    for (const key of BOOLEAN_KEYS) {
      const value = body[key];
      if (value !== undefined) entries.push({ key, value: String(value) });
    }
    if (body.fallbackAgent !== undefined)
      entries.push({ key: 'fallbackAgent', value: body.fallbackAgent });
    if (entries.length) await this.settings.update(accountId, entries);
    forgetRoutingSettings(this.deps.db, accountId);
    return this.get(accountId);
  }
}
