import { describe, expect, it } from 'vitest';
import type { App } from '../../http/types.js';
import { createTestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { GraphStub } from '../../test/graph-stub.js';

/** Connecting a number against a scripted Graph API: paging, outages, rate limits. */
const create = (user: TestUser, payload: Record<string, unknown>, app: App) =>
  app.inject({ method: 'POST', url: '/api/services', headers: user.auth, payload });

describe('POST /api/services against a scripted Graph API', () => {
  it("reads a big WABA's numbers page by page, from GRAPH_API_URL, never from paging.next", async () => {
    const stub = await new GraphStub().start();
    const scripted = await createTestContext({ graphApiUrl: stub.url });
    try {
      const user = await createUser(scripted, await createAccount(scripted), { role: 'admin' });
      stub.reply(
        { status: 200, body: { id: '300000000000555', display_phone_number: '6281100000555' } },
        {
          status: 200,
          body: {
            data: [{ id: '300000000000001' }],
            paging: {
              cursors: { before: 'B0', after: 'CURSOR1' },
              next: 'http://127.0.0.1:9/v21.0/400000000000555/phone_numbers?after=CURSOR1',
            },
          },
        },
        {
          status: 200,
          body: { data: [{ id: '300000000000555' }], paging: { cursors: { after: 'CURSOR2' } } },
        },
      );
      const res = await create(
        user,
        {
          name: 'Toko',
          channel: 'whatsapp',
          displayPhoneNumber: '+6281100000555',
          phoneNumberId: '300000000000555',
          wabaId: '400000000000555',
          accessToken: 'EAAG-real-token',
        },
        scripted.app,
      );
      expect(res.statusCode).toBe(201);
      expect(stub.calls.map((c) => c.path)).toEqual([
        '/v21.0/300000000000555?fields=id,display_phone_number,verified_name',
        '/v21.0/400000000000555/phone_numbers?fields=id&limit=100',
        '/v21.0/400000000000555/phone_numbers?fields=id&limit=100&after=CURSOR1',
      ]);
      expect(stub.calls.every((c) => c.auth === 'Bearer EAAG-real-token')).toBe(true);
    } finally {
      await scripted.close();
      await stub.stop();
    }
  });
});

describe('POST /api/services when Meta cannot answer', () => {
  const UNAVAILABLE = {
    statusCode: 502,
    code: 'PROVIDER_UNAVAILABLE',
    message: 'We could not reach Meta to verify this number. Please try again in a minute.',
  };

  it('answers 502 with a clear message when Meta is down, unreachable or rate limiting', async () => {
    const stub = await new GraphStub().start();
    const down = await createTestContext({ graphApiUrl: stub.url });
    const unreachable = await createTestContext({ graphApiUrl: 'http://127.0.0.1:9' });
    try {
      const user = await createUser(down, await createAccount(down), { role: 'admin' });
      const body = {
        name: 'Toko',
        channel: 'whatsapp',
        displayPhoneNumber: '+6281100000999',
        phoneNumberId: '300000000000999',
        wabaId: '400000000000999',
        accessToken: 'EAAG-some-token',
      };
      stub.reply(stub.graphError(500, 1, 'An unknown error occurred', true));
      expect((await create(user, body, down.app)).json()).toMatchObject(UNAVAILABLE);
      stub.reply(stub.graphError(400, 4, 'Application request limit reached', true));
      expect((await create(user, body, down.app)).json()).toMatchObject(UNAVAILABLE);
      const other = await createUser(unreachable, await createAccount(unreachable), {
        role: 'admin',
      });
      expect((await create(other, body, unreachable.app)).json()).toMatchObject(UNAVAILABLE);
      expect(await down.deps.db.selectFrom('channels').select('id').execute()).toEqual([]);
    } finally {
      await down.close();
      await unreachable.close();
      await stub.stop();
    }
  });
});
