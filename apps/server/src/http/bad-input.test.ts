import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../test/fixtures.js';
import { createChat, fundAccount } from '../test/fixtures-inbox.js';
import {
  checkText,
  createBroadcast,
  createTemplate,
  rows,
} from '../modules/broadcasts/test-helpers.js';

/**
 * Input PostgreSQL refuses (a NUL, a number past bigint) is a 400 that names the field, through
 * the real routes; and the small inconsistencies of the review (a length rule reported as "must
 * be a string", an invisible chat's messages answered 200).
 */
let ctx: TestContext;
let accountId: string;
let channelId: string;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  await fundAccount(ctx, accountId);
});
afterAll(() => ctx.close());

interface ErrorBody {
  statusCode: number;
  message: string;
  issues?: { path: string; message: string }[];
}

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
  user = admin,
) => ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

function expectNamed(res: { statusCode: number; json(): unknown }, path: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as ErrorBody;
  expect(body.message).toBe(`The ${path} field must not contain a NUL character`);
  expect(body.issues?.[0]?.path).toBe(path);
}

describe('NUL in API input', () => {
  it.each([
    '/api/chats/paginate?searchText=a%00b',
    '/api/contacts?searchText=%00',
    '/api/ticket?searchText=x%00',
    '/api/users/agent?search=%00',
  ])('a search parameter: %s', async (url) => {
    const path = url.includes('search=') ? 'search' : 'searchText';
    expectNamed(await inject('GET', url), path);
  });

  it('a JSON field', async () => {
    expectNamed(
      await inject('PATCH', '/api/users/me', { user_name: 'Dewi\u0000Lestari' }),
      'user_name',
    );
    expectNamed(
      await inject('POST', '/api/labels', { label: 'V\u0000IP', color: '#228be6' }),
      'label',
    );
  });

  it('a nested JSON field names its whole path', async () => {
    const res = await inject('POST', '/api/contacts', {
      name: 'Budi',
      attributes: { city: 'Band\u0000ung' },
    });
    expectNamed(res, 'attributes.city');
  });

  it('a keyset key that decodes to a NUL', async () => {
    const key = Buffer.from(JSON.stringify(['a\u0000', crypto.randomUUID()])).toString('base64url');
    const res = await inject('GET', `/api/contacts?startKey=${key}`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).message).toBe('The startKey is not valid');
  });
});

describe('numeric keys are bounded', () => {
  it('startKey of broadcastrecipients past bigint is a 400', async () => {
    const templateId = await createTemplate(ctx, accountId, channelId);
    const check = await checkText(ctx, admin, templateId, rows(2, 900));
    const b = await createBroadcast(ctx, admin, {
      title: 'Keys',
      channelId,
      templateId,
      draftId: check.draftId,
    });
    const url = `/api/broadcastrecipients?broadcastId=${b._id}&startKey=`;
    expect((await inject('GET', `${url}1`)).statusCode).toBe(200);
    const res = await inject('GET', `${url}${'9'.repeat(25)}`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).issues?.[0]?.path).toBe('startKey');
  });

  it('replyTo of a sent message past bigint is a 400', async () => {
    const chatId = await createChat(ctx, accountId, { channelId });
    const res = await inject('POST', '/api/messages', {
      chatId,
      text: 'halo',
      replyTo: '9'.repeat(25),
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).issues?.[0]?.path).toBe('replyTo');
  });
});

describe('small ones', () => {
  it('a 1,025-character name gets the length rule, not "must be a string"', async () => {
    const res = await inject('PATCH', '/api/users/me', { user_name: 'a'.repeat(1025) });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).message).toBe(
      'The name field may not be more than 100 characters',
    );
    const other = await inject('PATCH', '/api/users/me', { company: 'c'.repeat(500) });
    expect((other.json() as ErrorBody).message).toBe(
      'The company field may not be more than 120 characters',
    );
  });

  it('a name that is not text still says "must be a string"', async () => {
    const res = await inject('PATCH', '/api/users/me', { user_name: 42 });
    expect((res.json() as ErrorBody).message).toBe('The name field must be a string');
  });

  it("messages of a chat the agent cannot see answer 404, like the chat's other routes", async () => {
    const agent = await createUser(ctx, accountId, { role: 'agent', allChat: false });
    const owner = await createUser(ctx, accountId, { role: 'agent', allChat: false });
    const chatId = await createChat(ctx, accountId, { channelId, agentId: owner.id });
    const page = (user: TestUser) =>
      inject('GET', `/api/messages/paginate?chatId=${chatId}`, undefined, user);

    expect((await page(owner)).statusCode).toBe(200);
    const hidden = await page(agent);
    expect(hidden.statusCode).toBe(404);
    expect((await inject('GET', `/api/chats/${chatId}`, undefined, agent)).statusCode).toBe(404);
    // A chat that does not exist reads the same.
    const none = await inject('GET', `/api/messages/paginate?chatId=${crypto.randomUUID()}`);
    expect(none.statusCode).toBe(404);
  });
});
