import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphError } from '../../../channels/whatsapp-cloud/errors.js';
import { parseWhatsappWebhook } from '../../../channels/whatsapp-cloud/parse.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createUser, createWhatsappChannel } from '../../../test/fixtures.js';
import type { DeliveryStatus, StatusUpdate } from '../../../channels/types.js';
import { classify, recipientIdOfCallback } from './send.js';
import { applyRecipientStatuses } from './statuses.js';
import { createTemplate } from '../test-helpers.js';
import { createBroadcast } from './test-helpers.js';

/** Per-recipient statuses from webhooks, found by the callback data; forward only. */
let ctx: TestContext;
let world: {
  ctx: TestContext;
  accountId: string;
  channelId: string;
  templateId: string;
  userId: string;
};

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx);
  const user = await createUser(ctx, accountId, { role: 'admin' });
  const channel = await createWhatsappChannel(ctx, accountId);
  const templateId = await createTemplate(ctx, accountId, channel.id);
  world = { ctx, accountId, channelId: channel.id, templateId, userId: user.id };
});
afterAll(async () => {
  await ctx?.close();
});

async function rows(broadcastId: string) {
  return ctx.deps.db
    .selectFrom('broadcast_recipients')
    .selectAll()
    .where('broadcast_id', '=', broadcastId)
    .orderBy('row_number')
    .execute();
}

const status = (
  providerMessageId: string,
  s: DeliveryStatus,
  at: string,
  error: StatusUpdate['error'] = null,
) => ({ providerMessageId, status: s, timestamp: new Date(at), error });

describe('recipient statuses', () => {
  it('moves forward only, keeps each timestamp, and lands before the wamid is stored', async () => {
    const id = await createBroadcast(world, 3);
    const [a, b, c] = await rows(id);
    // Row a is still 'sending' (the worker has not recorded the wamid yet).
    await ctx.deps.db
      .updateTable('broadcast_recipients')
      .set({ status: 'sending', claimed_at: new Date() })
      .where('broadcast_id', '=', id)
      .execute();
    const apply = (
      recipientId: string,
      s: ReturnType<typeof status>,
      channelId = world.channelId,
    ) =>
      applyRecipientStatuses(ctx.deps.pool, [{ channelId, recipientId: String(recipientId), s }]);

    expect(await apply(a!.id, status('wamid.A', 'sent', '2026-03-01T00:00:01Z'))).toEqual([
      { broadcastId: id },
    ]);
    // read before delivered: read, with delivered_at implied; the late delivered changes nothing.
    await apply(b!.id, status('wamid.B', 'read', '2026-03-01T00:00:05Z'));
    await apply(b!.id, status('wamid.B', 'delivered', '2026-03-01T00:00:03Z'));
    // failed after read is ignored; failed from sent is terminal with Meta's error.
    await apply(b!.id, status('wamid.B', 'failed', '2026-03-01T00:00:06Z', err(131026)));
    await apply(c!.id, status('wamid.C', 'sent', '2026-03-01T00:00:01Z'));
    await apply(c!.id, status('wamid.C', 'failed', '2026-03-01T00:00:02Z', err(131026)));
    await apply(c!.id, status('wamid.C', 'delivered', '2026-03-01T00:00:03Z'));
    // Another channel's status never lands on this account's row.
    const otherChannel = '00000000-0000-4000-8000-000000000001';
    expect(
      await apply(a!.id, status('wamid.X', 'read', '2026-03-01T00:00:09Z'), otherChannel),
    ).toEqual([null]);

    const [ra, rb, rc] = await rows(id);
    expect(ra).toMatchObject({ status: 'sent', provider_message_id: 'wamid.A' });
    expect(ra!.sent_at?.toISOString()).toBe('2026-03-01T00:00:01.000Z');
    expect(rb).toMatchObject({ status: 'read', provider_message_id: 'wamid.B', error: null });
    expect(rb!.read_at?.toISOString()).toBe('2026-03-01T00:00:05.000Z');
    expect(rb!.delivered_at).not.toBeNull();
    expect(rc).toMatchObject({ status: 'failed', error: { code: 131026 } });
    expect(rc!.failed_at?.toISOString()).toBe('2026-03-01T00:00:02.000Z');
  });

  it('reads biz_opaque_callback_data from the webhook and recognises only broadcast tags', () => {
    const parsed = parseWhatsappWebhook({
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: '123' },
                statuses: [
                  {
                    id: 'wamid.Z',
                    status: 'delivered',
                    timestamp: '1767225600',
                    recipient_id: '628111',
                    biz_opaque_callback_data: 'bcast:42',
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const s = parsed.events[0] as StatusUpdate;
    expect(s.callbackData).toBe('bcast:42');
    expect(recipientIdOfCallback(s.callbackData)).toBe('42');
    expect(recipientIdOfCallback('order:42')).toBeNull();
    expect(recipientIdOfCallback('bcast:42; DROP')).toBeNull();
    expect(recipientIdOfCallback(null)).toBeNull();
  });

  it('classifies send outcomes: throughput backs off, 132001 is no-match-template, no answer is in doubt', () => {
    const r = { id: '1', phone: '62811', params: [], header_param: null, attempts: 1 };
    const now = new Date('2026-03-01T00:00:00Z');
    // Refusals as the WhatsApp adapter classifies Meta's answers (no answer at all: status null).
    const e = (status: number | null, code: number | null) =>
      graphError(status, code === null ? null : { error: { code, message: 'm' } });
    expect(classify(r, { wamid: 'wamid.1' }, now)).toEqual({
      id: '1',
      status: 'sent',
      wamid: 'wamid.1',
    });
    const throttled = classify(r, { error: e(400, 130429) }, now, () => 0);
    expect(throttled?.status).toBe('delayed');
    expect(throttled?.status === 'delayed' && throttled.nextAttemptAt.getTime()).toBe(
      now.getTime() + 1000,
    );
    expect(classify(r, { error: e(400, 131056) }, now)?.status).toBe('delayed');
    expect(classify(r, { error: e(429, null) }, now)?.status).toBe('delayed');
    expect(classify(r, { error: e(404, 132001) }, now)?.status).toBe('no-match-template');
    expect(classify(r, { error: e(400, 131026) }, now)?.status).toBe('failed');
    expect(classify(r, { error: e(null, null) }, now)).toBeNull();
    expect(classify(r, { error: new Error('crash') }, now)).toBeNull();
    // A recipient refused again and again finally fails with the last error.
    expect(classify({ ...r, attempts: 8 }, { error: e(400, 130429) }, now)?.status).toBe('failed');
  });
});

function err(code: number): StatusUpdate['error'] {
  return { code, title: 'Undeliverable', message: 'Message undeliverable' };
}
