import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TICKET_CSV_COLUMNS, type Ticket } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';

let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let outsider: TestUser;
const ids: Record<string, string> = {};

const at = (iso: string) => new Date(iso);

async function ticket(
  chatId: string,
  t: {
    openAt: string;
    answerAt?: string;
    closeAt?: string;
    agentId?: string | null;
    resolvedBy?: string;
  },
  account = accountId,
): Promise<string> {
  const row = await ctx.deps.db
    .insertInto('tickets')
    .values({
      account_id: account,
      chat_id: chatId,
      agent_id: t.agentId ?? null,
      resolved_by: t.resolvedBy ?? null,
      // Microseconds kept, as Postgres stores them: the keyset must not lose them.
      open_at: sql<Date>`${t.openAt}::timestamptz`,
      answer_at: t.answerAt ? at(t.answerAt) : null,
      close_at: t.closeAt ? at(t.closeAt) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin', name: 'Ani Admin' });
  agentA = await createUser(ctx, accountId, { role: 'agent', name: 'Agus A' });
  agentB = await createUser(ctx, accountId, { role: 'agent', name: 'Bela B' });
  const sales = await createDivision(ctx, accountId, 'Sales');
  const { id: channelId } = await createWhatsappChannel(ctx, accountId);
  const chat = (name: string, shape: Parameters<typeof createChat>[2] = { channelId }) =>
    createChat(ctx, accountId, { ...shape, channelId, name });

  const rina = await chat('Rina Wulandari', { channelId, agentId: agentA.id });
  const andi = await chat('Andi Pratama', { channelId, divisionIds: [sales] });
  const maya = await chat('Maya Sari', { channelId, agentId: agentB.id });
  const insta = await chat('=HYPERLINK("http://x")', { channelId });
  await ctx.deps.db
    .updateTable('chats')
    .set({ channel: 'instagram', identifier: '17841400000001' })
    .where('id', '=', insta)
    .execute();
  ids.rinaChat = rina;
  ids.mayaChat = maya;

  ids.rinaOld = await ticket(rina, {
    openAt: '2026-01-05T01:00:00Z',
    answerAt: '2026-01-05T01:05:00Z',
    closeAt: '2026-01-05T02:00:00Z',
    agentId: agentA.id,
    resolvedBy: agentA.id,
  });
  ids.rina = await ticket(rina, {
    openAt: '2026-01-10T02:00:00Z',
    answerAt: '2026-01-10T02:02:00Z',
    agentId: agentA.id,
  });
  // 20:00 UTC on the 12th is 03:00 on the 13th in the account's zone (Asia/Jakarta).
  ids.andi = await ticket(andi, {
    openAt: '2026-01-12T20:00:00Z',
    answerAt: '2026-01-12T20:00:30Z',
    closeAt: '2026-01-12T21:00:00Z',
    agentId: agentB.id,
    resolvedBy: admin.id,
  });
  // Two tickets at the same microsecond: the id decides their order.
  ids.maya = await ticket(maya, { openAt: '2026-01-14T10:00:00.123456Z', agentId: agentB.id });
  ids.insta = await ticket(insta, { openAt: '2026-01-14T10:00:00.123456Z' });

  const otherAccount = await createAccount(ctx);
  outsider = await createUser(ctx, otherAccount, { role: 'admin' });
  const otherChannel = await createWhatsappChannel(ctx, otherAccount);
  const theirs = await createChat(ctx, otherAccount, {
    channelId: otherChannel.id,
    name: 'Rina Elsewhere',
  });
  ids.theirs = await ticket(theirs, { openAt: '2026-01-11T00:00:00Z' }, otherAccount);
});
afterAll(() => ctx.close());

const get = (url: string, user: TestUser = admin) =>
  ctx.app.inject({ method: 'GET', url, headers: user.auth });
const list = async (query: string, user: TestUser = admin) => {
  const res = await get(`/api/ticket?${query}`, user);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Ticket[]; nextKey: string | null };
};
const idsOf = (page: { data: Ticket[] }) => page.data.map((t) => t._id);
const newestTwo = () => [ids.maya!, ids.insta!].sort().reverse();

describe('GET /api/ticket', () => {
  it('lists the account’s tickets newest first, with names, agents and times', async () => {
    const page = await list('');
    expect(idsOf(page)).toEqual([...newestTwo(), ids.andi, ids.rina, ids.rinaOld]);
    expect(page.nextKey).toBeNull();
    expect(page.data.find((t) => t._id === ids.andi)).toEqual({
      _id: ids.andi,
      chatId: expect.any(String),
      name: 'Andi Pratama',
      identifier: expect.any(String),
      channel: 'whatsapp',
      status: 'closed',
      agent: { _id: agentB.id, name: 'Bela B' },
      resolvedBy: { _id: admin.id, name: 'Ani Admin' },
      openAt: '2026-01-12T20:00:00.000Z',
      answerAt: '2026-01-12T20:00:30.000Z',
      closeAt: '2026-01-12T21:00:00.000Z',
      firstResponseSeconds: 30,
    });
    expect(page.data.find((t) => t._id === ids.maya)).toMatchObject({
      status: 'open',
      answerAt: null,
      closeAt: null,
      resolvedBy: null,
      firstResponseSeconds: null,
    });
  });

  it.each([
    ['status=open', () => [...newestTwo(), ids.rina]],
    ['status=closed', () => [ids.andi, ids.rinaOld]],
    ['channel=instagram', () => [ids.insta]],
    ['searchText=rina', () => [ids.rina, ids.rinaOld]],
    ['searchText=17841400', () => [ids.insta]],
    ['searchText=%25', () => []],
  ])('filters by %s', async (query, expected) => {
    expect(idsOf(await list(query))).toEqual(expected());
  });

  it('filters by agent', async () => {
    expect(idsOf(await list(`agentId=${agentB.id}`))).toEqual([ids.maya, ids.andi]);
    expect(idsOf(await list(`agentId=${agentA.id}&status=open`))).toEqual([ids.rina]);
  });

  it('filters whole days in the account’s time zone', async () => {
    expect(idsOf(await list('from=2026-01-13&to=2026-01-13'))).toEqual([ids.andi]);
    expect(idsOf(await list('from=2026-01-12&to=2026-01-12'))).toEqual([]);
    expect(idsOf(await list('from=2026-01-10'))).toEqual([...newestTwo(), ids.andi, ids.rina]);
    expect(idsOf(await list('to=2026-01-10'))).toEqual([ids.rina, ids.rinaOld]);
    const bad = await get('/api/ticket?from=2026-01-14&to=2026-01-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual({
      path: 'from',
      message: 'The from date must not be after the to date',
    });
  });

  it('pages by open time then id, without losing or repeating a ticket', async () => {
    const seen: string[] = [];
    let key: string | null = null;
    do {
      const page = await list(`perpage=1${key ? `&startKey=${key}` : ''}`);
      expect(page.data).toHaveLength(1);
      seen.push(...idsOf(page));
      key = page.nextKey;
    } while (key);
    expect(seen).toEqual([...newestTwo(), ids.andi, ids.rina, ids.rinaOld]);
    const two = await list('perpage=2&status=open');
    expect(idsOf(two)).toEqual(newestTwo());
    expect(idsOf(await list(`perpage=2&status=open&startKey=${two.nextKey}`))).toEqual([ids.rina]);
  });

  it('validates the query', async () => {
    for (const query of ['startKey=nonsense', 'status=pending', 'perpage=0', 'from=13-01-2026']) {
      expect((await get(`/api/ticket?${query}`)).statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ticket' })).statusCode).toBe(401);
  });

  it('shows an agent only the tickets of chats the agent may see', async () => {
    // Agus sees his own chat and the unassigned chat without a division, not Bela's chat nor
    // the Sales chat.
    expect(idsOf(await list('', agentA))).toEqual([ids.insta, ids.rina, ids.rinaOld]);
    const hidden = await get(`/api/ticket/${ids.maya}`, agentA);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(MESSAGES.ticketNotFound);
    expect((await get(`/api/ticket/${ids.rina}`, agentA)).statusCode).toBe(200);
  });

  it('keeps accounts apart', async () => {
    expect(idsOf(await list('', outsider))).toEqual([ids.theirs]);
    expect((await get(`/api/ticket/${ids.rina}`, outsider)).statusCode).toBe(404);
    expect(idsOf(await list('searchText=rina'))).not.toContain(ids.theirs);
  });

  it('is described in the OpenAPI document with the quick replies', async () => {
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/ticket',
        '/api/ticket/export',
        '/api/ticket/{id}',
        '/api/quick-reply',
        '/api/quick-reply/{id}',
      ]),
    );
  });

  it('answers 400 for a malformed id', async () => {
    expect((await get('/api/ticket/not-an-id')).statusCode).toBe(400);
  });
});

/** A small RFC 4180 reader, enough for what the export writes (quoted cells, "" escapes). */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted && ch === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += ch;
    } else if (ch === ',') {
      endCell();
    } else if (ch === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (ch !== '\r') {
      cell += ch;
    }
  }
  if (cell || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe('GET /api/ticket/export', () => {
  it('answers the filtered tickets as CSV with local times', async () => {
    const res = await get('/api/ticket/export?status=closed');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tickets-2026-01-15.csv"',
    );
    // A byte order mark, so spreadsheet programs read the names as UTF-8.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...TICKET_CSV_COLUMNS]);
    expect(rows.map((r) => r[0])).toEqual([ids.andi, ids.rinaOld]);
    expect(rows[0]!.slice(2)).toEqual([
      'Andi Pratama',
      expect.any(String),
      'whatsapp',
      'closed',
      'Bela B',
      'Ani Admin',
      '2026-01-13 03:00:00',
      '2026-01-13 03:00:30',
      '2026-01-13 04:00:00',
      '30',
    ]);
  });

  it('escapes cells a spreadsheet would run as a formula', async () => {
    const res = await get('/api/ticket/export?channel=instagram');
    const [, row] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(row![2]).toBe(`'=HYPERLINK("http://x")`);
    expect(row![8]).toBe('2026-01-14 17:00:00');
    expect(row!.slice(9)).toEqual(['', '', '']);
  });

  it('applies the caller’s chat visibility and validates like the list', async () => {
    const res = await get('/api/ticket/export', agentA);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).slice(1);
    expect(rows.map((r) => r[0])).toEqual([ids.insta, ids.rina, ids.rinaOld]);
    expect((await get('/api/ticket/export?status=nope')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ticket/export' })).statusCode).toBe(
      401,
    );
  });

  it('exports more tickets than one read holds', async () => {
    const account = await createAccount(ctx);
    const owner = await createUser(ctx, account, { role: 'admin' });
    const channel = await createWhatsappChannel(ctx, account);
    const chatId = await createChat(ctx, account, { channelId: channel.id, name: 'Busy' });
    await sql`INSERT INTO tickets (account_id, chat_id, open_at, close_at)
      SELECT ${account}::uuid, ${chatId}::uuid, ts, ts + interval '1 minute'
      FROM generate_series(1, 2345) g, LATERAL (SELECT timestamptz '2026-01-01' + g * interval '1 second' AS ts) x`.execute(
      ctx.deps.db,
    );
    const res = await get('/api/ticket/export', owner);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).slice(1);
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2345);
    expect(rows[0]![8]).toBe('2026-01-01 07:39:05');
  });
});
