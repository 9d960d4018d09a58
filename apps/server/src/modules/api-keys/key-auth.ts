import type { Scope } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { CachedApiKey } from '../auth/auth-cache.js';
import type { KeyPrincipal } from '../auth/principal.js';
import { accountTypeDefault } from '../settings/catalog.js';
import { apiKeysRepo } from './repo.js';
import { hashKey, wellFormedKey } from './secret.js';

// `last_used_at` is a "roughly when" for people; one write a minute per key and process keeps a
// busy integration from writing a row per request.
const TOUCH_EVERY_MS = 60_000;

export type KeyCheck =
  | { ok: true; principal: KeyPrincipal; restApiEnabled: boolean }
  | { ok: false; reason: 'invalid' | 'revoked' | 'expired' };

/**
 * Resolves `Authorization: Bearer sapa_live_…` to the key's principal. Keys are cached by hash in
 * the AuthCache, which every process drops at once when a key is revoked or re-dated or
 * `enable_rest_api` changes (triggers of migrations/0058 notify like the session tables do);
 * expiry is compared with the clock on every request, so it needs no notice. Hashes that matched
 * no key are cached too, until a key is created (the create notifies every process).
 */
export class ApiKeyAuthenticator {
  private readonly touched = new Map<string, number>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'authCache' | 'log'>) {}

  async check(bearer: string): Promise<KeyCheck> {
    if (!wellFormedKey(bearer)) return { ok: false, reason: 'invalid' };
    const { authCache: cache, clock } = this.deps;
    const hash = hashKey(bearer);
    const hex = hash.toString('hex');
    let key = cache.apiKey(hex);
    if (!key) {
      // A well-formed bearer that is no key would otherwise cost a read per request (a flood
      // of one guess); it is remembered as a miss until a key is created anywhere.
      if (cache.isApiKeyMiss(hex)) return { ok: false, reason: 'invalid' };
      const generation = cache.currentGeneration;
      const missGeneration = cache.currentMissGeneration;
      const loaded = await this.load(hash);
      if (!loaded) {
        cache.rememberApiKeyMiss(hex, missGeneration);
        return { ok: false, reason: 'invalid' };
      }
      key = loaded;
      cache.rememberApiKey(hex, key, generation);
    }
    if (key.revokedAt) return { ok: false, reason: 'revoked' };
    if (key.expiresAt && key.expiresAt.getTime() <= clock.now().getTime())
      return { ok: false, reason: 'expired' };
    return { ok: true, principal: key.principal, restApiEnabled: key.restApiEnabled };
  }

  /** Records use at most once a minute per key in this process; never delays the request. */
  touch(keyId: string): void {
    const now = this.deps.clock.now();
    const last = this.touched.get(keyId);
    if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return;
    if (this.touched.size > 10_000) this.touched.clear();
    this.touched.set(keyId, now.getTime());
    apiKeysRepo.touch(this.deps.db, keyId, now).catch((err: unknown) => {
      this.deps.log.warn({ err, keyId }, 'could not record an API key as used');
    });
  }

  private async load(hash: Buffer): Promise<CachedApiKey | null> {
    const row = await apiKeysRepo.findByHash(this.deps.db, hash);
    if (!row) return null;
    const principal: KeyPrincipal = {
      userId: null,
      sessionId: null,
      accountId: row.account_id,
      role: 'admin',
      name: `API key ${row.name}`,
      accountType: row.account_type,
      divisionIds: [],
      agentIds: [],
      divisionOnlyView: false,
      allChat: true,
      apiKey: { id: row.id, name: row.name, scopes: row.scopes as Scope[] },
    };
    const restApi = row.rest_api ?? accountTypeDefault('enable_rest_api', row.account_type);
    return {
      principal,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      restApiEnabled: restApi === 'true',
    };
  }
}
