import { DEMO_NUMBER } from '@sapa/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/fixtures.js';
import { setPresence, writeSettings } from '../../routing/test-helpers.js';
import { registerBroadcastWorkers } from './register.js';
import { scheduleBroadcast } from './schedule.js';
import {
  broadcastStatus,
  createBroadcast,
  engineWorld,
  setRate,
  until,
  type EngineWorld,
} from './test-helpers.js';

/** Replies to a broadcast are counted once; Self Assign gives the chat to the broadcast's creator. */
let w: EngineWorld;

beforeAll(async () => {
  w = await engineWorld();
  await registerBroadcastWorkers(w.ctx.deps, { sliceMs: 5_000 }, 0);
  await setRate(w, 200);
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const customerWrites = (waId: string, text: string) =>
  fetch(`${w.sandboxUrl}/sandbox/customers/${waId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phoneNumberId: DEMO_NUMBER.phoneNumberId,
      name: 'Pelanggan',
      type: 'text',
      text: { body: text },
    }),
  });

const chatOf = (waId: string) =>
  w.ctx.deps.db
    .selectFrom('chats')
    .select(['id', 'agent_id'])
    .where('identifier', '=', waId)
    .executeTakeFirst();

const repliedAt = async (broadcastId: string, phone: string) =>
  (
    await w.ctx.deps.db
      .selectFrom('broadcast_recipients')
      .select('replied_at')
      .where('broadcast_id', '=', broadcastId)
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow()
  ).replied_at;

describe('broadcast replies', () => {
  it('counts the first reply and assigns the chat to the creator ahead of auto-assignment', async () => {
    // Auto-assignment is on, with an online agent who would otherwise get every new chat.
    const agent = await createUser(w.ctx, w.accountId, { role: 'agent', name: 'Agent' });
    await setPresence(w.ctx, agent, 1);
    await writeSettings(w.ctx, w.admin, { currentAutoAssign: 'true' });

    const id = await createBroadcast(w, 2, { selfAssign: true, phonePrefix: '62866' });
    await w.ctx.deps.db
      .transaction()
      .execute((trx) => scheduleBroadcast(w.ctx.deps, trx, id, new Date()));
    await until(async () => {
      await w.ctx.jobs.drain(10);
      return (await broadcastStatus(w, id)) === 'completed';
    });

    expect((await customerWrites('628660000001', 'Terima kasih, sudah sampai')).ok).toBe(true);
    const first = await until(() => repliedAt(id, '628660000001'));
    const chat = await until(async () => {
      const c = await chatOf('628660000001');
      return c?.agent_id ? c : null;
    });
    expect(chat.agent_id).toBe(w.userId);
    // Announced after the commit the poll above can see first: wait for it, not for luck.
    expect(
      await until(async () =>
        w.ctx.events.some(
          (e) =>
            e.type === 'chat.assigned' && e.chat.id === chat.id && e.chat.agent_id === w.userId,
        ),
      ),
    ).toBe(true);

    // A second message is not a new reply; the chat stays the creator's.
    expect((await customerWrites('628660000001', 'Satu lagi')).ok).toBe(true);
    await until(async () => {
      const n = await w.ctx.deps.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chat_id', '=', chat.id)
        .executeTakeFirstOrThrow();
      return Number(n.n) >= 2;
    });
    expect((await repliedAt(id, '628660000001'))?.getTime()).toBe(first.getTime());
    expect((await chatOf('628660000001'))?.agent_id).toBe(w.userId);
    expect(await repliedAt(id, '628660000002')).toBeNull();

    // Someone the broadcast never reached is routed as usual.
    expect((await customerWrites('628669999999', 'Halo')).ok).toBe(true);
    const other = await until(async () => {
      const c = await chatOf('628669999999');
      return c?.agent_id ? c : null;
    });
    expect(other.agent_id).toBe(agent.id);
  });
});
