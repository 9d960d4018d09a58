import { sql, type Transaction } from 'kysely';
import type { SessionStore } from '../../channels/whatsapp-basic/connector.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { SecretBox } from '../../lib/crypto.js';
import type { Lease } from './lease.js';

/** The lease changed hands (or expired) under a write: the session must stop at once. */
export class LeaseLostError extends Error {
  constructor(readonly channelId: string) {
    super(`The lease of whatsapp_basic channel ${channelId} is no longer held by this process`);
  }
}

/**
 * The session's credentials (one row, `wabasic_sessions.creds_sealed`) and Signal keys (one row
 * per key) in PostgreSQL, each value sealed with the channel configs' SecretBox. Every write
 * commits before it resolves (the driver writes a key before it uses it) and is fenced by the
 * lease: it commits only while this process's lease, with its epoch, is live; otherwise it
 * throws LeaseLostError and nothing is written. `FOR SHARE` on the lease row makes a takeover
 * wait for a write in flight, so the new owner reads what the old one wrote.
 */
export class PgSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    private readonly lease: Lease,
  ) {}

  private get channelId(): string {
    return this.lease.channelId;
  }

  private async fenced(write: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const held = await sql<{ one: number }>`
        SELECT 1 AS one FROM wabasic_leases
        WHERE channel_id = ${this.channelId} AND owner = ${this.lease.owner}
          AND epoch = ${this.lease.epoch} AND expires_at > now()
        FOR SHARE`.execute(trx);
      if (!held.rows.length) throw new LeaseLostError(this.channelId);
      await write(trx);
    });
  }

  async readCreds(): Promise<string | null> {
    const row = await this.db
      .selectFrom('wabasic_sessions')
      .select('creds_sealed')
      .where('channel_id', '=', this.channelId)
      .executeTakeFirst();
    return row?.creds_sealed ? this.secrets.open(row.creds_sealed) : null;
  }

  async writeCreds(creds: string): Promise<void> {
    const sealed = this.secrets.seal(creds);
    await this.fenced(async (trx) => {
      await trx
        .updateTable('wabasic_sessions')
        .set({ creds_sealed: sealed, updated_at: sql`now()` })
        .where('channel_id', '=', this.channelId)
        .execute();
    });
  }

  async readKeys(type: string, ids: string[]): Promise<Record<string, string>> {
    if (!ids.length) return {};
    const rows = await this.db
      .selectFrom('wabasic_keys')
      .select(['key_id', 'value_sealed'])
      .where('channel_id', '=', this.channelId)
      .where('type', '=', type)
      .where('key_id', 'in', ids)
      .execute();
    const out: Record<string, string> = {};
    for (const row of rows) out[row.key_id] = this.secrets.open(row.value_sealed);
    return out;
  }

  async writeKeys(changes: Record<string, Record<string, string | null>>): Promise<void> {
    const upserts: { channel_id: string; type: string; key_id: string; value_sealed: string }[] =
      [];
    const deletes: { type: string; keyId: string }[] = [];
    for (const [type, byId] of Object.entries(changes)) {
      for (const [keyId, value] of Object.entries(byId)) {
        if (value === null) deletes.push({ type, keyId });
        else
          upserts.push({
            channel_id: this.channelId,
            type,
            key_id: keyId,
            value_sealed: this.secrets.seal(value),
          });
      }
    }
    if (!upserts.length && !deletes.length) return;
    await this.fenced(async (trx) => {
      if (upserts.length)
        await trx
          .insertInto('wabasic_keys')
          .values(upserts)
          .onConflict((oc) =>
            oc
              .columns(['channel_id', 'type', 'key_id'])
              .doUpdateSet({ value_sealed: (eb) => eb.ref('excluded.value_sealed') }),
          )
          .execute();
      for (const d of deletes)
        await trx
          .deleteFrom('wabasic_keys')
          .where('channel_id', '=', this.channelId)
          .where('type', '=', d.type)
          .where('key_id', '=', d.keyId)
          .execute();
    });
  }

  async clear(): Promise<void> {
    await this.fenced(async (trx) => {
      await clearSession(trx, this.channelId);
    });
  }
}

/** Forgets a session's credentials and keys (logged out, or unlinked with no owner running). */
export async function clearSession(db: Db | Transaction<Database>, channelId: string) {
  await db.deleteFrom('wabasic_keys').where('channel_id', '=', channelId).execute();
  await db
    .updateTable('wabasic_sessions')
    .set({ creds_sealed: null, updated_at: sql`now()` })
    .where('channel_id', '=', channelId)
    .execute();
}
