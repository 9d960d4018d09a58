import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  WabasicGroupsBody,
  WabasicLinkBody,
  WabasicPairingBody,
  WabasicPairingCode,
  WabasicQr,
  WabasicStatus,
  WabasicUnlinkBody,
  WabasicUser,
} from '@sapa/contracts';
import { sealChannelConfig } from '../../channels/sealed-config.js';
import type { Deps } from '../../deps.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { reportHealthy } from '../channels/health.js';
import { enforceChannelLimit } from '../channels/limit.js';
import { presentQr, presentStatus, presentUser } from './presenter.js';
import { sessionsRepo, WANTED_STATES, type SessionView } from './repo.js';
import { publishState } from './state.js';
import { clearSession } from './store.js';
import { nudgeSupervisors } from './supervisor.js';

export const DEFAULT_LINKED_NAME = 'WhatsApp';

/** How long a route waits for the process running a session to answer (pairing, unlink). */
const ANSWER_WAIT_MS = 10_000;
const ANSWER_POLL_MS = 150;

const unavailable = (message: string, code: string) => new AppError(503, message, code);

/**
 * Linking a number (issue 20 §2): the `users/light/*` reads and the link, pairing-code and
 * unlink requests. Requests only write what the admin wants into the session's row and nudge
 * the supervisors; the process that owns the session does it (any process may serve HTTP).
 */
export class WabasicService {
  constructor(private readonly deps: Deps) {}

  private async find(accountId: string, channelId?: string): Promise<SessionView | null> {
    const row = await sessionsRepo.find(this.deps.db, accountId, channelId);
    if (!row && channelId) throw notFound('WhatsApp basic channel not found');
    return row;
  }

  async status(accountId: string, channelId?: string): Promise<WabasicStatus> {
    return presentStatus(await this.find(accountId, channelId));
  }

  async qr(accountId: string, channelId?: string): Promise<WabasicQr> {
    const row = await this.find(accountId, channelId);
    return presentQr(row, this.deps.secrets, this.deps.clock.now());
  }

  async user(accountId: string, channelId?: string): Promise<WabasicUser> {
    return presentUser(await this.find(accountId, channelId));
  }

  /** Starts linking: a new channel (limits apply) or a new QR for one that is not linked. */
  async link(accountId: string, body: WabasicLinkBody): Promise<WabasicStatus> {
    const { db } = this.deps;
    let channelId = body.channel;
    if (!channelId) {
      channelId = await this.createChannel(accountId, body.name ?? DEFAULT_LINKED_NAME);
    } else {
      const row = await this.find(accountId, channelId);
      const channel = await db
        .selectFrom('channels')
        .select('disconnected_at')
        .where('id', '=', channelId)
        .executeTakeFirstOrThrow();
      if (channel.disconnected_at)
        throw conflict(
          'This channel is disconnected. Reconnect it before linking.',
          'CHANNEL_DISCONNECTED',
        );
      if (row!.state === 'linking') return presentStatus(row);
      const started = await sessionsRepo.update(
        db,
        channelId,
        {
          state: 'linking',
          reason: null,
          command: null,
          qr_sealed: null,
          qr_expires_at: null,
          qr_rotation: 0,
          pairing_phone: null,
          pairing_code: null,
        },
        ['unlinked', 'qr_expired', 'logged_out'],
      );
      if (!started)
        throw conflict(
          'This number is linked already. Unlink it first to link another phone.',
          'ALREADY_LINKED',
        );
    }
    await nudgeSupervisors(this.deps, channelId);
    await publishState(this.deps, channelId);
    return presentStatus(await sessionsRepo.byChannel(db, channelId));
  }

  private async createChannel(accountId: string, name: string): Promise<string> {
    await enforceChannelLimit(this.deps, accountId, 'whatsapp_basic');
    const id = randomUUID();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('channels')
        .values({
          id,
          account_id: accountId,
          name,
          channel: 'whatsapp_basic',
          provider: 'whatsapp_basic',
          // The channel's own id: stable across re-links to other phones (the phone number is
          // display_phone_number, set when a phone links).
          external_id: id,
          config_sealed: sealChannelConfig(
            this.deps.secrets,
            this.deps.channels.port('whatsapp_basic'),
            { channelId: id },
          ),
        })
        .execute();
      await trx
        .insertInto('wabasic_sessions')
        .values({ channel_id: id, account_id: accountId, state: 'linking' })
        .execute();
    });
    return id;
  }

  /** The pairing-code alternative: asked of the process running the session, answered here. */
  async pairingCode(accountId: string, body: WabasicPairingBody): Promise<WabasicPairingCode> {
    const { db } = this.deps;
    const row = await this.find(accountId, body.channel);
    if (!row || row.state !== 'linking')
      throw conflict(
        'Start linking first: a pairing code is for a number being linked.',
        'NOT_LINKING',
      );
    const phone = body.phone.replace(/\D/g, '');
    const asked = await sessionsRepo.update(
      db,
      row.channel_id,
      { pairing_phone: phone, pairing_code: null, pairing_requested_at: this.deps.clock.now() },
      ['linking'],
    );
    if (!asked)
      throw conflict(
        'Start linking first: a pairing code is for a number being linked.',
        'NOT_LINKING',
      );
    await nudgeSupervisors(this.deps, row.channel_id);
    const deadline = Date.now() + ANSWER_WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(ANSWER_POLL_MS);
      const now = await sessionsRepo.byChannel(db, row.channel_id);
      if (now?.pairing_code) return { channel: row.channel_id, code: now.pairing_code };
      if (!now?.pairing_phone || now.state !== 'linking')
        throw unavailable(
          'WhatsApp did not give a pairing code. Scan the QR code, or try again.',
          'PAIRING_FAILED',
        );
    }
    throw unavailable(
      'The number is not connected to WhatsApp right now. Try again in a moment.',
      'SESSION_UNAVAILABLE',
    );
  }

  /**
   * Group chats on or off. Only the channel row changes: the owner's ingest reads the setting
   * with every batch it stores, so the change applies at once in whichever process holds the
   * session, with no message to it. Nothing said in groups before is fetched.
   */
  async setGroups(accountId: string, body: WabasicGroupsBody): Promise<WabasicStatus> {
    const { db } = this.deps;
    const row = await this.find(accountId, body.channel);
    if (!row) throw notFound('WhatsApp basic channel not found');
    await db
      .updateTable('channels')
      .set({ include_groups: body.enabled, updated_at: this.deps.clock.now() })
      .where('id', '=', row.channel_id)
      .where('account_id', '=', accountId)
      .execute();
    await publishState(this.deps, row.channel_id);
    return presentStatus(await sessionsRepo.byChannel(db, row.channel_id));
  }

  /** Logs the device out (by the process running it) and forgets the session; the channel stays. */
  async unlink(accountId: string, body: WabasicUnlinkBody): Promise<WabasicStatus> {
    const { db } = this.deps;
    const row = await this.find(accountId, body.channel);
    if (!row) throw notFound('WhatsApp basic channel not found');
    if (row.state === 'unlinked') return presentStatus(row);
    const hasDevice = await sessionsRepo.hasCreds(db, row.channel_id);
    if (!WANTED_STATES.includes(row.state) && !hasDevice) {
      // Nothing runs it and no device to log out (QR expired, logged out): forget it here.
      await clearSession(db, row.channel_id);
      await sessionsRepo.update(db, row.channel_id, {
        state: 'unlinked',
        reason: null,
        command: null,
        phone: null,
        push_name: null,
        lid: null,
        linked_at: null,
      });
      await reportHealthy(this.deps, row.channel_id);
      await publishState(this.deps, row.channel_id);
      return presentStatus(await sessionsRepo.byChannel(db, row.channel_id));
    }
    // The owner logs out, connecting first if it is not connected; with no owner (a session
    // not running, a disconnected channel), a supervisor takes it to do so. Wait a little.
    await sessionsRepo.update(db, row.channel_id, { command: 'logout' });
    await nudgeSupervisors(this.deps, row.channel_id);
    const deadline = Date.now() + ANSWER_WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(ANSWER_POLL_MS);
      const now = await sessionsRepo.byChannel(db, row.channel_id);
      if (now?.state === 'unlinked') return presentStatus(now);
    }
    return presentStatus(await sessionsRepo.byChannel(db, row.channel_id));
  }
}
