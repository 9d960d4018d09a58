import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_INSTAGRAM_ACCOUNT, SAPA_APP_ID, SPARE_MESSENGER_PAGE } from '../demo.js';
import {
  customerDoes,
  IG,
  IG_AUTH,
  IG_PAGE,
  IGSID,
  PAGE,
  PAGE_AUTH,
  PSID,
  type GraphErrorJson,
} from '../test/meta.js';
import { sandboxPerTest } from '../test/per-test.js';

const sandbox = sandboxPerTest();

const get = (path: string, headers: Record<string, string> = PAGE_AUTH) =>
  sandbox.app.inject({ url: `/v21.0/${path}`, headers });
const errorOf = (res: { json: () => unknown }) => (res.json() as GraphErrorJson).error;
const SPARE_AUTH = { authorization: `Bearer ${SPARE_MESSENGER_PAGE.accessToken}` };

describe('connecting: what Sapa reads to verify a Page or an Instagram account', () => {
  it('GET /{page-id} answers the Page for its own token, with the fields asked for', async () => {
    const res = await get(`${PAGE}?fields=id,name,category`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: PAGE, name: 'Demo Company', category: 'Shopping & retail' });
    expect((await get('me')).json()).toEqual({ id: PAGE, name: 'Demo Company' });
  });

  it('refuses with the reasons Sapa must name: 190, 190/460, 100/33, unknown field', async () => {
    expect(errorOf(await get(PAGE, { authorization: 'Bearer made-up-token' }))).toMatchObject({
      code: 190,
    });
    // Another Page's token, and an id nobody has: the same 100/33.
    expect(errorOf(await get(PAGE, SPARE_AUTH))).toMatchObject({ code: 100, error_subcode: 33 });
    expect(errorOf(await get('399999999999999'))).toMatchObject({ code: 100, error_subcode: 33 });
    const field = await get(`${PAGE}?fields=name,colour`);
    expect(errorOf(field).message).toBe(
      '(#100) Tried accessing nonexisting field (colour) on node type (Page)',
    );
    await sandbox.app.inject({ method: 'POST', url: `/sandbox/pages/${PAGE}/revoke-token` });
    expect(errorOf(await get(PAGE))).toMatchObject({ code: 190, error_subcode: 460 });
  });

  it('Instagram: the Page names its account, which answers for the Page’s token', async () => {
    const page = await get(`${IG_PAGE}?fields=instagram_business_account,name`, IG_AUTH);
    expect(page.json()).toEqual({
      id: IG_PAGE,
      name: DEMO_INSTAGRAM_ACCOUNT.pageName,
      instagram_business_account: { id: IG },
    });
    const account = await get(`${IG}?fields=id,username,name,profile_picture_url`, IG_AUTH);
    expect(account.json()).toEqual({
      id: IG,
      username: DEMO_INSTAGRAM_ACCOUNT.username,
      name: DEMO_INSTAGRAM_ACCOUNT.name,
      profile_picture_url: expect.stringContaining('/lookaside/v/'),
    });
    // A Page without Instagram has no such field to show.
    expect((await get(`${PAGE}?fields=instagram_business_account`)).json()).toEqual({ id: PAGE });
    expect(errorOf(await get(IG))).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('subscribed_apps: subscribe with fields, read them back, unsubscribe', async () => {
    const spare = SPARE_MESSENGER_PAGE.pageId;
    expect((await get(`${spare}/subscribed_apps`, SPARE_AUTH)).json()).toEqual({ data: [] });
    const none = await sandbox.app.inject({
      method: 'POST',
      url: `/v21.0/${spare}/subscribed_apps`,
      headers: SPARE_AUTH,
    });
    expect(errorOf(none).message).toBe('(#100) The parameter subscribed_fields is required');
    const bad = await sandbox.app.inject({
      method: 'POST',
      url: `/v21.0/${spare}/subscribed_apps?subscribed_fields=messages,nonsense`,
      headers: SPARE_AUTH,
    });
    expect(errorOf(bad).message).toContain('subscribed_fields[1] must be one of');
    const ok = await sandbox.app.inject({
      method: 'POST',
      url: `/v21.0/${spare}/subscribed_apps`,
      headers: { ...SPARE_AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'subscribed_fields=messages,message_echoes,message_reads',
    });
    expect(ok.json()).toEqual({ success: true });
    expect((await get(`${spare}/subscribed_apps`, SPARE_AUTH)).json()).toEqual({
      data: [
        {
          category: 'Business',
          link: 'https://sapa.example/',
          name: 'Sapa',
          id: String(SAPA_APP_ID),
          subscribed_fields: ['messages', 'message_echoes', 'message_reads'],
        },
      ],
    });
    const off = await sandbox.app.inject({
      method: 'DELETE',
      url: `/v21.0/${spare}/subscribed_apps`,
      headers: SPARE_AUTH,
    });
    expect(off.json()).toEqual({ success: true });
    const pages = (await sandbox.app.inject({ url: '/sandbox/pages' })).json<{
      data: Array<{ pageId: string; subscribed: boolean }>;
    }>().data;
    expect(pages.find((p) => p.pageId === spare)?.subscribed).toBe(false);
  });

  it('checks appsecret_proof: HMAC-SHA256 of the token keyed by the app secret', async () => {
    const proof = createHmac('sha256', sandbox.config.appSecret)
      .update('sandbox-page-token-demo-messenger')
      .digest('hex');
    expect((await get(`${PAGE}?appsecret_proof=${proof}`)).statusCode).toBe(200);
    expect(errorOf(await get(`${PAGE}?appsecret_proof=${proof.replace(/.$/, '0')}`)).code).toBe(
      100,
    );
  });
});

describe('profiles: once, for people who wrote', () => {
  it('Messenger: first_name, last_name, profile_pic (an expiring CDN URL)', async () => {
    await customerDoes(sandbox.app, 'messenger', PSID, {
      type: 'text',
      text: 'Hi',
      name: 'Ani Wijaya',
    });
    const res = await get(`${PSID}?fields=first_name,last_name,profile_pic`);
    expect(res.json()).toEqual({
      id: PSID,
      first_name: 'Ani',
      last_name: 'Wijaya',
      profile_pic: expect.stringMatching(/\/lookaside\/v\/\d+\.png\?oh=/),
    });
    const pic = await sandbox.app.inject({
      url: res.json<{ profile_pic: string }>().profile_pic.replace(sandbox.config.publicUrl, ''),
    });
    expect(pic.headers['content-type']).toBe('image/png');
    // Another Page's token may not read this Page's customer.
    expect(errorOf(await get(PSID, SPARE_AUTH))).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('Instagram: name, username, profile_pic', async () => {
    await customerDoes(sandbox.app, 'instagram', IGSID, {
      type: 'text',
      text: 'Hi',
      name: 'Rizky Pratama',
      username: 'rizky.p',
    });
    const res = await get(`${IGSID}?fields=name,username,profile_pic`, IG_AUTH);
    expect(res.json()).toEqual({
      id: IGSID,
      name: 'Rizky Pratama',
      username: 'rizky.p',
      profile_pic: expect.any(String),
    });
  });

  it('no consent before the person writes: Instagram 230, Messenger 100/2018218', async () => {
    for (const [platform, account, auth] of [
      ['instagram', IG, IG_AUTH],
      ['messenger', PAGE, PAGE_AUTH],
    ] as const) {
      const created = await sandbox.app.inject({
        method: 'POST',
        url: `/sandbox/${platform}/${account}/customers`,
        payload: { name: 'Only Commented' },
      });
      expect(created.statusCode).toBe(201);
      const { userId } = created.json<{ userId: string }>();
      const res = await get(`${userId}?fields=name`, auth);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject(
        platform === 'instagram'
          ? { code: 230, message: '(#230) User consent is required to access user profile' }
          : { code: 100, error_subcode: 2018218 },
      );
    }
  });

  it('GET /{message-id}?fields=story follows a story mention to its picture', async () => {
    const { mid } = await customerDoes(sandbox.app, 'instagram', IGSID, { type: 'story_mention' });
    const res = await get(`${mid}?fields=story,from`, IG_AUTH);
    expect(res.json()).toEqual({
      id: mid,
      from: { id: IGSID },
      story: { mention: { link: expect.stringContaining('/lookaside/v/'), id: mid } },
    });
  });
});
