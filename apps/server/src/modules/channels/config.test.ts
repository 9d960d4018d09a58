import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount } from '../../test/fixtures.js';
import { backfillChannelConfigs, loadChannel, whatsappConfigOf } from './index.js';

let ctx: TestContext;
let accountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** A channel as it was stored before 0045: the token in its own column, no sealed config. */
async function oldChannel(phoneNumberId: string, token: string | null, wabaId: string | null) {
  const row = await ctx.deps.db
    .insertInto('channels')
    .values({
      account_id: accountId,
      name: 'Old WhatsApp',
      channel: 'whatsapp',
      provider: 'whatsapp_cloud',
      external_id: phoneNumberId,
      display_phone_number: '6281100000009',
      waba_id: wabaId,
      access_token_sealed: token === null ? null : ctx.deps.secrets.seal(token),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const sealedOf = async (id: string) =>
  (
    await ctx.deps.db
      .selectFrom('channels')
      .select('config_sealed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).config_sealed;

describe('channel config sealed whole (0045)', () => {
  it('opens a channel stored before 0045 from its old columns, then seals it at start', async () => {
    const id = await oldChannel('100000000000771', 'old-access-token', '200000000000771');
    const before = await loadChannel(ctx.deps, id);
    expect(before?.open.externalId).toBe('100000000000771');
    expect(before && whatsappConfigOf(before)).toEqual({
      phoneNumberId: '100000000000771',
      wabaId: '200000000000771',
      displayPhoneNumber: '6281100000009',
      accessToken: 'old-access-token',
    });

    expect(await backfillChannelConfigs(ctx.deps)).toBeGreaterThanOrEqual(1);
    const sealed = await sealedOf(id);
    expect(sealed).not.toContain('old-access-token');
    expect(JSON.parse(ctx.deps.secrets.open(sealed!))).toMatchObject({
      accessToken: 'old-access-token',
      wabaId: '200000000000771',
    });
    // Sealed rows are left alone by the next start; what opens is the same config.
    expect(await backfillChannelConfigs(ctx.deps)).toBe(0);
    const after = await loadChannel(ctx.deps, id);
    expect(after && whatsappConfigOf(after)).toEqual(before && whatsappConfigOf(before));
  });

  it('leaves a row whose old columns make no valid config unsealed, and says so', async () => {
    const id = await oldChannel('100000000000772', null, null);
    await backfillChannelConfigs(ctx.deps);
    expect(await sealedOf(id)).toBeNull();
    await expect(loadChannel(ctx.deps, id)).rejects.toThrow(
      'Invalid whatsapp_cloud channel config',
    );
  });
});
