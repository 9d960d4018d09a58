import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createWhatsappChannel } from '../../../test/fixtures.js';
import { call, createTemplate, rows } from '../test-helpers.js';
import { cancelBroadcast } from './control.js';
import { runLane } from './lane.js';
import { DEFAULT_ENGINE_OPTIONS, type EngineOptions } from './options.js';
import { scheduleBroadcast } from './schedule.js';
import { startBroadcast } from './start.js';
import {
  broadcastStatus,
  createBroadcast,
  useEngineWorld,
  recipientStatuses,
  sandboxLedger,
  sentTo,
  setRate,
  until,
} from './test-helpers.js';

/**
 * A broadcast goes out only from a connected channel: the API refuses one on a disconnected or
 * deleted channel before storing anything, and one already running when its channel is
 * disconnected stops claiming at once and pauses with the reason, to be resumed after a
 * reconnect.
 */
const OPTIONS: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, sliceMs: 30_000 };

const w = useEngineWorld(OPTIONS);

const setChannel = (id: string, set: { disconnected_at?: Date | null; deleted_at?: Date | null }) =>
  w.ctx.deps.db.updateTable('channels').set(set).where('id', '=', id).execute();
const broadcastCount = async (channelId: string) =>
  (
    await w.ctx.deps.db
      .selectFrom('broadcasts')
      .select('id')
      .where('channel_id', '=', channelId)
      .execute()
  ).length;
const pauseReason = async (id: string) =>
  (
    await w.ctx.deps.db
      .selectFrom('broadcasts')
      .select('pause_reason')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).pause_reason;

describe('a broadcast on a channel that cannot send', () => {
  it('is refused before anything is stored when the channel is disconnected', async () => {
    const channel = await createWhatsappChannel(w.ctx, w.accountId);
    const templateId = await createTemplate(w.ctx, w.accountId, channel.id);
    // A draft checked while connected, confirmed after the disconnect.
    const checked = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId,
      source: { type: 'text', text: rows(2) },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    await setChannel(channel.id, { disconnected_at: new Date() });
    const before = await broadcastCount(channel.id);

    const check = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId,
      source: { type: 'text', text: rows(2) },
    });
    expect(check.statusCode).toBe(409);
    expect(check.json()).toMatchObject({
      code: 'CHANNEL_DISCONNECTED',
      message: MESSAGES.broadcastChannelDisconnected,
    });
    const create = await call(w.ctx, w.admin, 'POST', '/api/broadcasts', {
      title: 'Promo',
      channelId: channel.id,
      templateId,
      draftId: checked.json<{ draftId: string }>().draftId,
    });
    expect(create.statusCode).toBe(409);
    expect(create.json().code).toBe('CHANNEL_DISCONNECTED');
    expect(await broadcastCount(channel.id)).toBe(before);
    expect(await broadcastStatus(w, checked.json<{ draftId: string }>().draftId)).toBe('draft');
  });

  it('is refused with its own reason when the channel was deleted', async () => {
    const channel = await createWhatsappChannel(w.ctx, w.accountId);
    const templateId = await createTemplate(w.ctx, w.accountId, channel.id);
    await setChannel(channel.id, { disconnected_at: new Date(), deleted_at: new Date() });
    const check = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId,
      source: { type: 'text', text: rows(1) },
    });
    expect(check.statusCode).toBe(409);
    expect(check.json()).toMatchObject({
      code: 'CHANNEL_DELETED',
      message: MESSAGES.broadcastChannelDeleted,
    });
    expect(await broadcastCount(channel.id)).toBe(0);
  });

  it('stops sending when its channel is disconnected mid-run and resumes after a reconnect', async () => {
    await setRate(w, 20);
    const id = await createBroadcast(w, 200, { phonePrefix: '62821' });
    await w.ctx.deps.db
      .transaction()
      .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, new Date()));
    await w.ctx.jobs.drain(1);
    w.ctx.jobs.queued.length = 0;

    const lane = runLane(w.ctx.deps, id, 0, OPTIONS);
    await until(async () => (await sentTo(w, '62821')) >= 10);
    const off = await call(w.ctx, w.admin, 'POST', `/api/services/${w.channelId}/disconnect`);
    expect(off.statusCode, off.body).toBe(200);
    // The lane's next claim finds the channel off: it ends long before its 30 s slice.
    expect(await lane).toBe('not-running');
    expect(await broadcastStatus(w, id)).toBe('paused');
    expect(await pauseReason(id)).toBe(MESSAGES.broadcastChannelDisconnected);
    const counts = await recipientStatuses(w, id);
    expect(counts.sending ?? 0).toBe(0);
    expect(counts.queue).toBeGreaterThan(100);
    const sentAtStop = await sentTo(w, '62821');
    expect(await runLane(w.ctx.deps, id, 0, OPTIONS)).toBe('not-running');
    expect(await sentTo(w, '62821')).toBe(sentAtStop);

    const refused = await call(w.ctx, w.admin, 'POST', `/api/broadcasts/${id}/resume`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CHANNEL_DISCONNECTED',
      message: MESSAGES.broadcastChannelDisconnected,
    });
    expect(await broadcastStatus(w, id)).toBe('paused');

    const on = await call(w.ctx, w.admin, 'POST', `/api/services/${w.channelId}/reconnect`);
    expect(on.statusCode, on.body).toBe(200);
    const resumed = await call(w.ctx, w.admin, 'POST', `/api/broadcasts/${id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'running', pauseReason: null });
    const again = runLane(w.ctx.deps, id, 0, OPTIONS);
    await until(async () => (await sentTo(w, '62821')) >= sentAtStop + 5);
    await cancelBroadcast(w.ctx.deps, w.accountId, id);
    await again;
    expect([...(await sandboxLedger(w)).values()].every((n) => n === 1)).toBe(true);
  });

  it('a scheduled broadcast whose channel was disconnected meanwhile starts paused', async () => {
    const id = await createBroadcast(w, 3, { phonePrefix: '62822' });
    await w.ctx.deps.db
      .transaction()
      .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, new Date(Date.now() + 60_000)));
    await setChannel(w.channelId, { disconnected_at: new Date() });
    await w.ctx.deps.db
      .updateTable('broadcasts')
      .set({ scheduled_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await startBroadcast(w.ctx.deps, id, OPTIONS)).toBe('paused');
    expect(await pauseReason(id)).toBe(MESSAGES.broadcastChannelDisconnected);
    expect(await sentTo(w, '62822')).toBe(0);
    await setChannel(w.channelId, { disconnected_at: null });
  });
});
