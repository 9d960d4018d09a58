import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import {
  DEMO_INSTAGRAM_ACCOUNT,
  DEMO_MESSENGER_PAGE,
  SPARE_INSTAGRAM_ACCOUNT,
  SPARE_MESSENGER_PAGE,
} from '../demo.js';
import { testSandbox, type WebhookReceiver } from '../test/helpers.js';
import { customerDoes, PAGE, pageSend, PSID, reply } from '../test/meta.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock();
  ({ app, receiver } = await testSandbox({}, clock));
});
afterEach(async () => {
  await app.close();
  await receiver.stop();
});

type PageView = {
  pageId: string;
  accessToken: string | null;
  subscribed: boolean;
  instagramAccount: { instagramAccountId: string; story: { id: string } | null } | null;
};
const pages = async () =>
  (await app.inject({ url: '/sandbox/pages' })).json<{ data: PageView[] }>().data;

describe('seeded accounts', () => {
  it('has the demo Page and Instagram account subscribed, and a spare of each not', async () => {
    const list = await pages();
    const by = (id: string) => list.find((p) => p.pageId === id);
    expect(by(DEMO_MESSENGER_PAGE.pageId)).toMatchObject({
      accessToken: DEMO_MESSENGER_PAGE.accessToken,
      subscribed: true,
      instagramAccount: null,
    });
    expect(by(DEMO_INSTAGRAM_ACCOUNT.pageId)).toMatchObject({
      accessToken: DEMO_INSTAGRAM_ACCOUNT.pageAccessToken,
      subscribed: true,
      instagramAccount: {
        instagramAccountId: DEMO_INSTAGRAM_ACCOUNT.instagramAccountId,
        story: { id: expect.stringMatching(/^\d{17}$/) },
      },
    });
    expect(by(SPARE_MESSENGER_PAGE.pageId)?.subscribed).toBe(false);
    expect(by(SPARE_INSTAGRAM_ACCOUNT.pageId)).toMatchObject({
      subscribed: false,
      instagramAccount: { instagramAccountId: SPARE_INSTAGRAM_ACCOUNT.instagramAccountId },
    });
  });

  it('reset forgets threads and brings the seed back, tokens included', async () => {
    await app.inject({ method: 'POST', url: `/sandbox/pages/${PAGE}/revoke-token` });
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    await app.inject({ method: 'POST', url: '/sandbox/reset' });
    expect((await pages()).find((p) => p.pageId === PAGE)?.accessToken).toBe(
      DEMO_MESSENGER_PAGE.accessToken,
    );
    const gone = await app.inject({ url: `/sandbox/messenger/${PAGE}/customers/${PSID}` });
    expect(gone.statusCode).toBe(404);
  });
});

describe('control API for tests', () => {
  it('creates a Page and an Instagram account on a new Page, with tokens that work', async () => {
    const page = await app.inject({
      method: 'POST',
      url: '/sandbox/pages',
      payload: { name: 'Toko Baru', accessToken: 'test-page-token-1', subscribe: true },
    });
    expect(page.statusCode).toBe(201);
    const { pageId } = page.json<PageView>();
    const me = await app.inject({
      url: '/v21.0/me?fields=id,name',
      headers: { authorization: 'Bearer test-page-token-1' },
    });
    expect(me.json()).toEqual({ id: pageId, name: 'Toko Baru' });

    const ig = await app.inject({
      method: 'POST',
      url: '/sandbox/instagram-accounts',
      payload: { username: 'tokobaru.id', pageAccessToken: 'test-page-token-2' },
    });
    expect(ig.statusCode).toBe(201);
    const created = ig.json<{ instagramAccountId: string; pageId: string }>();
    expect(created.instagramAccountId).toMatch(/^1784\d{13}$/);
    const node = await app.inject({
      url: `/v21.0/${created.pageId}?fields=instagram_business_account`,
      headers: { authorization: 'Bearer test-page-token-2' },
    });
    expect(node.json()).toMatchObject({
      instagram_business_account: { id: created.instagramAccountId },
    });
  });

  it('lists what Sapa sent to a Page, filtered by recipient and outcome', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    await customerDoes(app, 'messenger', '2400000000000888', { type: 'text', text: 'Hi' });
    await pageSend(app, reply(PSID, 'one'));
    await pageSend(app, reply('2400000000000888', 'two'));
    await pageSend(
      app,
      reply(PSID, 'three', { messaging_type: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE' }),
    );
    const list = async (q: string) =>
      (await app.inject({ url: `/sandbox/pages/${PAGE}/sent${q}` })).json<{
        data: Array<{ message: { text: string }; accepted: boolean }>;
      }>().data;
    expect((await list(`?recipient=${PSID}`)).map((r) => r.message.text)).toEqual(['one', 'three']);
    expect((await list('?accepted=false')).map((r) => r.message.text)).toEqual(['three']);
  });

  it('moves the last message back and marks a customer unavailable', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const moved = await app.inject({
      method: 'PATCH',
      url: `/sandbox/messenger/${PAGE}/customers/${PSID}`,
      payload: { lastInboundAgo: { days: 8 } },
    });
    expect(moved.json()).toMatchObject({ lastInboundAt: clock.now() - 8 * 86_400_000 });
    const at = await app.inject({
      method: 'PATCH',
      url: `/sandbox/messenger/${PAGE}/customers/${PSID}`,
      payload: { lastInboundAt: clock.now() - 1000, available: false },
    });
    expect(at.json()).toMatchObject({ lastInboundAt: clock.now() - 1000, available: false });
  });

  it('answers bad input with a clear 4xx, never a 500', async () => {
    const cases: Array<[string, string, unknown?]> = [
      ['POST', `/sandbox/whatsapp/${PAGE}/customers/${PSID}/messages`, { type: 'text', text: 'x' }],
      [
        'POST',
        `/sandbox/messenger/999999999/customers/${PSID}/messages`,
        { type: 'text', text: 'x' },
      ],
      ['POST', `/sandbox/messenger/${PAGE}/customers/abc/messages`, { type: 'text', text: 'x' }],
      ['POST', `/sandbox/messenger/${PAGE}/customers/${PSID}/messages`, { type: 'dance' }],
      ['POST', `/sandbox/messenger/${PAGE}/customers/${PSID}/messages`, { type: 'text' }],
      [
        'POST',
        `/sandbox/messenger/${PAGE}/customers/${PSID}/messages`,
        { type: 'reaction', mid: 'm_nope' },
      ],
      [
        'POST',
        `/sandbox/messenger/${PAGE}/customers/${PSID}/messages`,
        { type: 'attachment', attachments: [{ assetId: '1' }] },
      ],
      ['POST', `/sandbox/messenger/${PAGE}/customers/${PSID}/echo`, { text: 'x' }],
      ['PATCH', `/sandbox/messenger/${PAGE}/customers/${PSID}`, { available: false }],
      ['POST', '/sandbox/pages', { name: '' }],
      ['POST', '/sandbox/pages/1/rotate-token'],
      ['POST', `/sandbox/pages/${PAGE}/subscription`, { fields: ['messages', 'telepathy'] }],
      ['POST', '/sandbox/instagram-accounts', { username: 'Bad Name!' }],
      ['GET', '/sandbox/meta/events?account=1&customer=2'],
      ['POST', '/sandbox/meta/uploads', { not: 'multipart' }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await app.inject({
        method: method as 'GET' | 'POST' | 'PATCH',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      expect(res.json<{ error: { message: string } }>().error.message).toBeTruthy();
    }
  });
});
