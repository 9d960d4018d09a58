import {
  MESSAGES,
  type ApiKey,
  type ApiKeyState,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type Scope,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { apiKeysRepo } from './repo.js';
import { displayPrefix, generateKey } from './secret.js';

type KeyRow = Awaited<ReturnType<typeof apiKeysRepo.list>>[number];

export function keyState(
  row: { revoked_at: Date | null; expires_at: Date | null },
  now: Date,
): ApiKeyState {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function present(row: KeyRow, now: Date): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: displayPrefix(row.public_id),
    scopes: row.scopes as Scope[],
    createdAt: row.created_at.toISOString(),
    createdBy:
      row.created_by && row.created_by_name
        ? { _id: row.created_by, name: row.created_by_name }
        : null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    state: keyState(row, now),
  };
}

/**
 * An account's API keys, managed by its admins (people: these routes never accept a key). The key
 * is answered once at creation and only its SHA-256 is stored; several may be active at once so
 * an integration can rotate without downtime.
 */
export class ApiKeysService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'authCache'>) {}

  async create(admin: Principal, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime())
      throw badRequest(MESSAGES.apiKeyExpiryPast, 'VALIDATION', [
        { path: 'expiresAt', message: MESSAGES.apiKeyExpiryPast },
      ]);
    const fresh = generateKey();
    const { id } = await apiKeysRepo.insert(db, {
      accountId: admin.accountId,
      name: body.name,
      publicId: fresh.publicId,
      hash: fresh.hash,
      scopes: body.scopes,
      expiresAt,
      createdBy: admin.userId,
      now,
    });
    // This process hears its own notice too, but later: the key must work from the answer on.
    this.deps.authCache.forgetApiKeyMisses();
    const [row] = await apiKeysRepo.list(db, admin.accountId, id);
    if (!row) throw notFound(MESSAGES.apiKeyNotFound);
    return { ...present(row, now), key: fresh.key };
  }

  async list(accountId: string): Promise<ApiKey[]> {
    const rows = await apiKeysRepo.list(this.deps.db, accountId);
    const now = this.deps.clock.now();
    return rows.map((r) => present(r, now));
  }

  /** Takes effect at once in every process (the key cache is dropped on the revoke's notice). */
  async revoke(accountId: string, id: string): Promise<ApiKey> {
    const { db, clock } = this.deps;
    const now = clock.now();
    if (!(await apiKeysRepo.revoke(db, accountId, id, now)))
      throw notFound(MESSAGES.apiKeyNotFound);
    const [row] = await apiKeysRepo.list(db, accountId, id);
    if (!row) throw notFound(MESSAGES.apiKeyNotFound);
    return present(row, now);
  }
}
