import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { customerOf } from '../../test/customer.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createRoles,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let supervisor: TestUser;
let agent: TestUser;
let stranger: TestUser;
let channel: { id: string; phoneNumberId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  ({ admin, supervisor, agent, stranger } = await createRoles(ctx, accountId));
  channel = await createWhatsappChannel(ctx, accountId);
});
afterAll(() => ctx.close());

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

interface ContactBody {
  _id: string;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string;
  attributes: Record<string, string>;
  labels: string[];
  groupIds: string[];
  channels: { channel: string; identifier: string; chatId: string }[];
  archived: boolean;
  lastChatAt: string | null;
}

async function create(body: Record<string, unknown>, user = admin): Promise<ContactBody> {
  const res = await call(user, 'POST', '/api/contacts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const list = async (query: string, user = admin) => {
  const res = await call(user, 'GET', `/api/contacts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ContactBody[]; nextKey: string | null; total: number };
};

describe('contacts CRUD', () => {
  it('creates, reads, edits and deletes a contact without chats', async () => {
    const c = await create({ name: 'Budi', phone: '+62 812-1111-0001', email: 'budi@example.com' });
    expect(c).toMatchObject({
      name: 'Budi',
      phone: '81211110001',
      email: 'budi@example.com',
      archived: false,
      channels: [],
      groupIds: [],
    });
    const read = await call(agent, 'GET', `/api/contacts/${c._id}`);
    expect(read.json()).toMatchObject({ _id: c._id, name: 'Budi' });

    const patched = await call(agent, 'PATCH', `/api/contacts/${c._id}`, {
      notes: 'Prefers mornings',
      email: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ notes: 'Prefers mornings', email: null });

    const del = await call(supervisor, 'DELETE', `/api/contacts/${c._id}`);
    expect(del.json()).toEqual({ outcome: 'deleted' });
    expect((await call(admin, 'GET', `/api/contacts/${c._id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/contacts/${c._id}`)).json()).toMatchObject({
      message: MESSAGES.contactNotFound,
    });
  });

  it('archives a contact that has chats, keeping its history, and lists it as archived', async () => {
    const customer = customerOf(ctx, channel.phoneNumberId);
    await customer.post({ from: '6281211110002', name: 'Citra' });
    // The webhook ingest made the contact; the list shows it with its chat's channel.
    const found = await list('searchText=0812-1111-0002');
    expect(found.total).toBe(1);
    const c = found.data[0];
    expect(c).toMatchObject({ name: 'Citra', phone: '81211110002' });
    expect(c?.channels).toEqual([
      {
        channel: 'whatsapp',
        identifier: '6281211110002',
        chatId: await customer.chatId('6281211110002'),
      },
    ]);
    expect(c?.lastChatAt).not.toBeNull();
    expect((await list('channel=whatsapp&searchText=citra')).total).toBe(1);
    expect((await list('channel=instagram&searchText=citra')).total).toBe(0);

    const del = await call(admin, 'DELETE', `/api/contacts/${c?._id}`);
    expect(del.json()).toEqual({ outcome: 'archived' });
    expect((await list('searchText=citra')).total).toBe(0);
    const archived = await list('searchText=citra&archived=true');
    expect(archived.data.map((x) => x._id)).toEqual([c?._id]);
    expect(archived.data[0]?.archived).toBe(true);

    // Restoring is a manager's undo: an agent may not, and the contact comes back whole.
    expect((await call(agent, 'POST', `/api/contacts/${c?._id}/restore`)).statusCode).toBe(403);
    const restored = await call(admin, 'POST', `/api/contacts/${c?._id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ _id: c?._id, archived: false, name: 'Citra' });
    expect((await list('searchText=citra')).data.map((x) => x._id)).toEqual([c?._id]);
    expect((await list('searchText=citra&archived=true')).total).toBe(0);
  });

  it('stores every common phone form as one canonical phone', async () => {
    const forms = [
      '+62 812 2222 0003',
      '62812-2222-0003',
      '0812 2222 0003',
      '812-2222-0003',
      '+62-812-2222-0003',
    ];
    const first = await create({ name: 'Dewi', phone: forms[0] });
    expect(first.phone).toBe('81222220003');
    for (const phone of forms.slice(1)) {
      const res = await call(admin, 'POST', '/api/contacts', { name: 'Dewi again', phone });
      expect(res.statusCode, phone).toBe(409);
      expect(res.json()).toMatchObject({ message: MESSAGES.contactPhoneTaken });
    }
    const other = await create({ name: 'Eka' });
    const clash = await call(admin, 'PATCH', `/api/contacts/${other._id}`, {
      phone: '0812-2222-0003',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: MESSAGES.contactPhoneTaken });
  });

  it('refuses invalid phones, emails, unknown labels and attributes with the spec wording', async () => {
    for (const phone of ['12', 'abc', '0812', '+62 0000 0000 0000']) {
      const res = await call(admin, 'POST', '/api/contacts', { name: 'X', phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toMatchObject({ message: MESSAGES.invalidPhone });
    }
    const email = await call(admin, 'POST', '/api/contacts', { name: 'X', email: 'nope' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('The value is not a valid email address');

    const strangerLabel = await call(stranger, 'POST', '/api/labels', {
      label: 'Theirs',
      color: '#228be6',
    });
    const label = await call(admin, 'POST', '/api/contacts', {
      name: 'X',
      labels: [strangerLabel.json()._id],
    });
    expect(label.statusCode).toBe(400);
    expect(label.json()).toMatchObject({ message: MESSAGES.labelNotFound });

    const attr = await call(admin, 'POST', '/api/contacts', {
      name: 'X',
      attributes: { city: 'Bandung' },
    });
    expect(attr.statusCode).toBe(400);
    expect(attr.json().message).toBe('Unknown attribute: city');
  });

  it('keeps labels and typed attributes, and lists by label', async () => {
    const vip = (
      await call(admin, 'POST', '/api/labels', { label: 'VIP contact', color: '#fa5252' })
    ).json()._id as string;
    for (const [key, type] of [
      ['tier', 'number'],
      ['birthday', 'date'],
      ['member', 'boolean'],
      ['city', 'text'],
    ]) {
      const res = await call(supervisor, 'POST', '/api/contacts/attributes', {
        key,
        label: key,
        type,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const c = await create({
      name: 'Fajar',
      labels: [vip],
      attributes: { tier: '2', birthday: '1990-02-28', member: 'yes', city: 'Bandung' },
    });
    expect(c.attributes).toEqual({
      tier: '2',
      birthday: '1990-02-28',
      member: 'true',
      city: 'Bandung',
    });
    expect(c.labels).toEqual([vip]);
    expect((await list(`label=${vip}`)).data.map((x) => x._id)).toEqual([c._id]);

    for (const [attributes, message] of [
      [{ tier: 'two' }, 'tier must be a number'],
      [{ birthday: '1990-02-30' }, 'birthday must be a date (YYYY-MM-DD)'],
      [{ member: 'maybe' }, 'member must be true or false'],
    ] as const) {
      const res = await call(agent, 'PATCH', `/api/contacts/${c._id}`, { attributes });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Deleting a definition takes its values off every contact.
    const defs = (await call(agent, 'GET', '/api/contacts/attributes')).json() as {
      data: { _id: string; key: string }[];
    };
    const city = defs.data.find((d) => d.key === 'city');
    expect((await call(admin, 'DELETE', `/api/contacts/attributes/${city?._id}`)).json()).toEqual({
      ok: true,
    });
    const after = (await call(admin, 'GET', `/api/contacts/${c._id}`)).json() as ContactBody;
    expect(after.attributes).toEqual({ tier: '2', birthday: '1990-02-28', member: 'true' });

    const dup = await call(admin, 'POST', '/api/contacts/attributes', {
      key: 'tier',
      label: 'Tier',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.attributeKeyTaken);
    const renamed = await call(admin, 'PATCH', `/api/contacts/attributes/${defs.data[0]?._id}`, {
      label: 'Tier level',
    });
    expect(renamed.json()).toMatchObject({ label: 'Tier level' });
  });

  it('pages by name with a keyset and counts the total', async () => {
    const acc = await createAccount(ctx);
    const owner = await createUser(ctx, acc, { role: 'admin' });
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'])
      await create({ name }, owner);
    const first = await list('perpage=2', owner);
    expect(first.total).toBe(5);
    expect(first.data.map((c) => c.name)).toEqual(['Alpha', 'Bravo']);
    const second = await list(`perpage=2&startKey=${first.nextKey}`, owner);
    expect(second.data.map((c) => c.name)).toEqual(['charlie', 'delta']);
    const third = await list(`perpage=2&startKey=${second.nextKey}`, owner);
    expect(third.data.map((c) => c.name)).toEqual(['echo']);
    expect(third.nextKey).toBeNull();
    expect((await call(owner, 'GET', '/api/contacts?startKey=garbage')).statusCode).toBe(400);
  });

  it('keeps accounts apart and applies the roles', async () => {
    const mine = await create({ name: 'Gita', phone: '081233330004' });
    expect((await call(stranger, 'GET', `/api/contacts/${mine._id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'PATCH', `/api/contacts/${mine._id}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/contacts/${mine._id}`)).statusCode).toBe(404);
    expect((await list('searchText=gita', stranger)).total).toBe(0);
    // Same phone in another account is another customer.
    await create({ name: 'Gita elsewhere', phone: '081233330004' }, stranger);

    expect((await call(agent, 'DELETE', `/api/contacts/${mine._id}`)).statusCode).toBe(403);
    expect(
      (await call(agent, 'POST', '/api/contacts/attributes', { key: 'k', label: 'K' })).statusCode,
    ).toBe(403);
    expect((await call(agent, 'GET', '/api/contacts/export')).statusCode).toBe(403);
    expect(
      (await call(agent, 'POST', '/api/contacts/import/commit', { importId: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(agent, 'POST', '/api/contacts', { name: 'By agent' })).statusCode).toBe(201);
  });

  it('shows group memberships and filters by group', async () => {
    const group = await call(admin, 'POST', '/api/contacts/groups', { name: 'Reseller' });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json()._id as string;
    const c = await create({ name: 'Hadi' });
    await ctx.deps.db
      .insertInto('contact_group_members')
      .values({ group_id: groupId, contact_id: c._id })
      .execute();
    const got = (await call(admin, 'GET', `/api/contacts/${c._id}`)).json() as ContactBody;
    expect(got.groupIds).toEqual([groupId]);
    expect((await list(`groupId=${groupId}`)).data.map((x) => x._id)).toEqual([c._id]);
  });
});
