import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type QuickReply } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createDivision, createUser, type TestUser } from '../../test/fixtures.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let supervisor: TestUser;
let salesAgent: TestUser;
let supportAgent: TestUser;
let loneAgent: TestUser;
let outsider: TestUser;
let sales: string;
let support: string;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e90000000049454e44ae426082',
  'hex',
);

/** A real upload through POST /api/media, as the settings screen does it. */
async function upload(user: TestUser): Promise<string> {
  const boundary = `----sapa${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json()._id;
}

beforeAll(async () => {
  ctx = await createTestContext({ config: { mediaDir: `/tmp/sapa-test-qr-media-${process.pid}` } });
  accountId = await createAccount(ctx);
  sales = await createDivision(ctx, accountId, 'Sales');
  support = await createDivision(ctx, accountId, 'Support');
  admin = await createUser(ctx, accountId, { role: 'admin' });
  supervisor = await createUser(ctx, accountId, { role: 'supervisor', divisionIds: [sales] });
  salesAgent = await createUser(ctx, accountId, { role: 'agent', divisionIds: [sales] });
  supportAgent = await createUser(ctx, accountId, { role: 'agent', divisionIds: [support] });
  loneAgent = await createUser(ctx, accountId, { role: 'agent' });
  outsider = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
});
afterAll(() => ctx.close());

type Body = Record<string, unknown>;
const create = (payload: Body, user: TestUser = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/quick-reply', headers: user.auth, payload });
const update = (id: string, payload: Body, user: TestUser = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/quick-reply/${id}`, headers: user.auth, payload });
const remove = (id: string, user: TestUser = admin) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/quick-reply/${id}`, headers: user.auth });
const list = async (user: TestUser, query = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/quick-reply${query}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: QuickReply[] }).data.map((q) => q.shortcut);
};
const made = async (payload: Body, user: TestUser = admin) => {
  const res = await create(payload, user);
  expect(res.statusCode).toBe(201);
  return res.json() as QuickReply;
};

describe('/api/quick-reply', () => {
  it('creates, lists in shortcut order, edits and deletes', async () => {
    const mediaId = await upload(admin);
    const menu = await made({ shortcut: 'Menu', text: 'Ini menu kami', mediaId });
    expect(menu).toEqual({
      _id: expect.any(String),
      shortcut: 'Menu',
      text: 'Ini menu kami',
      media: { _id: mediaId, mimeType: 'image/png', filename: 'menu.png' },
      divisionIds: [],
      createdAt: expect.any(String),
    });
    await made({ shortcut: 'greet', text: 'Halo kak!' });
    expect(await list(admin, '?searchText=')).toEqual(expect.arrayContaining(['greet', 'Menu']));
    expect(await list(admin, '?searchText=/men')).toEqual(['Menu']);
    expect(await list(admin, '?searchText=halo')).toEqual(['greet']);

    const edited = await update(menu._id, { text: 'Menu terbaru', mediaId: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ shortcut: 'Menu', text: 'Menu terbaru', media: null });

    const gone = await remove(menu._id);
    expect(gone.json()).toEqual({ ok: true });
    expect(await list(admin)).not.toContain('Menu');
    const again = await remove(menu._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.quickReplyNotFound);
  });

  it('gives each user the replies for everyone and for their divisions; admins all', async () => {
    await made({ shortcut: 'all-hours', text: 'Kami buka 08.00–17.00' });
    await made({ shortcut: 'sales-price', text: 'Harga mulai 499rb', divisionIds: [sales] });
    await made({ shortcut: 'support-reset', text: 'Coba reset ya', divisionIds: [support] });
    await made({ shortcut: 'both-escalate', text: 'Kami teruskan', divisionIds: [sales, support] });
    const q = '?searchText=-';
    expect(await list(admin, q)).toEqual([
      'all-hours',
      'both-escalate',
      'sales-price',
      'support-reset',
    ]);
    expect(await list(salesAgent, q)).toEqual(['all-hours', 'both-escalate', 'sales-price']);
    expect(await list(supportAgent, q)).toEqual(['all-hours', 'both-escalate', 'support-reset']);
    expect(await list(supervisor, q)).toEqual(['all-hours', 'both-escalate', 'sales-price']);
    expect(await list(loneAgent, q)).toEqual(['all-hours']);
    expect(await list(loneAgent, '?searchText=-&perpage=1')).toHaveLength(1);
  });

  it('lets a supervisor manage the replies of their divisions, not the others', async () => {
    const own = await made({ shortcut: 'sup-own', text: 'x', divisionIds: [sales] }, supervisor);
    const other = await made({ shortcut: 'sup-other', text: 'y', divisionIds: [support] });
    expect((await update(own._id, { text: 'changed' }, supervisor)).statusCode).toBe(200);
    expect((await update(other._id, { text: 'changed' }, supervisor)).statusCode).toBe(404);
    expect((await remove(other._id, supervisor)).statusCode).toBe(404);
    expect((await remove(own._id, supervisor)).statusCode).toBe(200);
  });

  it('refuses agents any change, and callers without a token anything', async () => {
    const reply = await made({ shortcut: 'agents-read', text: 'read me' });
    for (const res of [
      await create({ shortcut: 'nope', text: 'x' }, salesAgent),
      await update(reply._id, { text: 'x' }, salesAgent),
      await remove(reply._id, salesAgent),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/quick-reply' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps shortcuts unique per account whatever the case', async () => {
    await made({ shortcut: 'thanks', text: 'Terima kasih' });
    const dup = await create({ shortcut: 'THANKS', text: 'Makasih' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: MESSAGES.quickReplyTaken,
      code: 'QUICK_REPLY_TAKEN',
    });
    const other = await made({ shortcut: 'thx', text: 'Thx' });
    const renamed = await update(other._id, { shortcut: 'Thanks' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(MESSAGES.quickReplyTaken);
    expect((await create({ shortcut: 'thanks', text: 'Thanks' }, outsider)).statusCode).toBe(201);
  });

  it.each([
    [{ text: 'x' }, 'shortcut', 'The shortcut field is required'],
    [
      { shortcut: 'has space', text: 'x' },
      'shortcut',
      'The shortcut may only contain letters, numbers, - and _',
    ],
    [
      { shortcut: 'x'.repeat(31), text: 'x' },
      'shortcut',
      'The shortcut field may not be more than 30 characters',
    ],
    [{ shortcut: 'empty' }, 'text', 'The text field is required'],
    [
      { shortcut: 'long', text: 'x'.repeat(4097) },
      'text',
      'The text field may not be more than 4096 characters',
    ],
    [{ shortcut: 'baddiv', text: 'x', divisionIds: ['nope'] }, 'divisionIds.0', 'Invalid id'],
  ])('validates %j', async (payload, path, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('refuses media and divisions of another account', async () => {
    const theirMedia = await upload(outsider);
    const media = await create({ shortcut: 'stolen-media', text: 'x', mediaId: theirMedia });
    expect(media.statusCode).toBe(400);
    expect(media.json().issues).toContainEqual({
      path: 'mediaId',
      message: 'The attachment was not found. Upload it again.',
    });
    const theirDivision = await createDivision(ctx, outsider.accountId);
    const division = await create({
      shortcut: 'stolen-div',
      text: 'x',
      divisionIds: [sales, theirDivision],
    });
    expect(division.statusCode).toBe(400);
    expect(division.json().issues).toContainEqual({
      path: 'divisionIds',
      message: MESSAGES.divisionNotInAccount,
    });
    const mine = await made({ shortcut: 'mine-only', text: 'x' });
    expect((await update(mine._id, { mediaId: theirMedia })).statusCode).toBe(400);
  });

  it('keeps accounts apart', async () => {
    const mine = await made({ shortcut: 'private-one', text: 'rahasia' });
    expect(await list(outsider)).not.toContain('private-one');
    expect((await update(mine._id, { text: 'x' }, outsider)).statusCode).toBe(404);
    expect((await remove(mine._id, outsider)).statusCode).toBe(404);
    expect(await list(admin)).toContain('private-one');
  });

  it('never leaves a reply with neither text nor media', async () => {
    const textOnly = await made({ shortcut: 'text-only', text: 'something' });
    const res = await update(textOnly._id, { text: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: 'text',
      message: 'The text field is required',
    });
    const mediaId = await upload(admin);
    const withMedia = await made({ shortcut: 'media-only', mediaId });
    expect(withMedia).toMatchObject({ text: '', media: { _id: mediaId } });
    expect((await update(withMedia._id, { mediaId: null })).statusCode).toBe(400);
    expect((await update('not-an-id', { text: 'x' })).statusCode).toBe(400);
  });
});
