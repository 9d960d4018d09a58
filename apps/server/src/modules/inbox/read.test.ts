import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createDivision, createUser, type TestUser } from '../../test/fixtures.js';
import { canSeeChat, loadChatRows, type ChatRow } from '../conversations/index.js';
import { audienceOf, viewerOf } from '../../realtime/viewer.js';
import { rng } from '../../seed/large-data.js';

/**
 * GET /api/chats/paginate against an oracle: a few hundred chats with every attribute varied
 * and last_update values shared by many of them (down to the microsecond), walked page by page
 * under every filter combination, for an admin and for a restricted agent.
 */
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let other: TestUser;
let labels: string[];
let rows: ChatRow[];
/** The exact stored last_update (a Date would lose the microseconds). */
const timeOf = new Map<string, string>();

// Few distinct times, so most pages end inside a run of equal last_update; two of them differ
// by one microsecond inside the same millisecond.
const TIMES = [
  '2026-03-01T10:00:00.000000Z',
  '2026-03-01T10:00:00.123456Z',
  '2026-03-01T10:00:00.123457Z',
  '2026-02-27T08:30:00.500000Z',
  '2026-01-15T00:00:00.000001Z',
];
const NAMES = ['Budi Santoso', 'budiman', 'Siti 50%_off', 'Rina', 'Agus BUDI', ''];
const CHANNELS = ['whatsapp', 'instagram', 'messenger'] as const;
const FLAGS = ['gray', 'red', 'green'] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  const d1 = await createDivision(ctx, accountId, 'D1');
  const d2 = await createDivision(ctx, accountId, 'D2');
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent', divisionIds: [d1], allChat: false });
  other = await createUser(ctx, accountId, { role: 'agent', divisionIds: [d2], allChat: false });
  const { db } = ctx.deps;
  labels = (
    await db
      .insertInto('labels')
      .values([
        { account_id: accountId, name: 'L1', color: '#f00' },
        { account_id: accountId, name: 'L2', color: '#0f0' },
      ])
      .returning('id')
      .execute()
  ).map((l) => l.id);
  const channelIds: Record<string, string> = {};
  for (const channel of CHANNELS) {
    const row = await db
      .insertInto('channels')
      .values({
        account_id: accountId,
        name: channel,
        channel,
        provider: channel === 'whatsapp' ? 'whatsapp_cloud' : channel,
        external_id: `read-test-${accountId}-${channel}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    channelIds[channel] = row.id;
  }
  const contact = await db
    .insertInto('contacts')
    .values({ account_id: accountId, name: 'C', phone: null, attributes: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const r = rng(42);
  const of = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const values = Array.from({ length: 240 }, (_, i) => {
    const channel = of(CHANNELS);
    return {
      account_id: accountId,
      channel_id: channelIds[channel] as string,
      contact_id: contact.id,
      channel,
      identifier: `62812${String(i).padStart(6, '0')}`,
      name: of(NAMES),
      agent_id: of([admin.id, agent.id, other.id, null, null]),
      division_ids: of([[], [], [d1], [d2]]),
      flag: of(FLAGS),
      unread_count: of([0, 0, 1, 3]),
      is_archive: r() < 0.25,
      blocked: r() < 0.08,
      labels: of([[], [], [labels[0] as string], [labels[1] as string], labels]),
      last_update: of(TIMES),
    };
  });
  const ids = await db.insertInto('chats').values(values).returning('id').execute();
  ids.forEach((c, i) => timeOf.set(c.id, values[i]?.last_update ?? ''));
  rows = await loadChatRows(
    db,
    accountId,
    ids.map((c) => c.id),
  );
}, 60_000);
afterAll(() => ctx.close());

interface Filter {
  channel?: string;
  assignee?: 'ALL' | 'MINE' | 'UNASSIGNED';
  resolved?: boolean;
  flag?: 'gray' | 'red' | 'green';
  label?: string;
  isArchive?: boolean;
  unread?: boolean;
  searchText?: string;
}

async function expected(user: TestUser, f: Filter): Promise<string[]> {
  const principal = await ctx.services.auth.authenticate(user.token);
  if (!principal) throw new Error('no principal');
  const viewer = viewerOf(principal);
  const needle = f.searchText?.toLowerCase();
  return rows
    .filter(
      (c) =>
        canSeeChat(viewer, audienceOf(c)) &&
        !c.blocked &&
        c.is_archive === (f.isArchive ?? false) &&
        (f.assignee !== 'MINE' || c.agent_id === user.id) &&
        (f.assignee !== 'UNASSIGNED' || c.agent_id === null) &&
        (!f.channel || c.channel === f.channel) &&
        (f.resolved === undefined || (c.flag === 'gray') === f.resolved) &&
        (!f.flag || c.flag === f.flag) &&
        (!f.label || c.labels.includes(f.label)) &&
        (!f.unread || c.unread_count > 0) &&
        (!needle ||
          c.name.toLowerCase().includes(needle) ||
          c.identifier.toLowerCase().includes(needle)),
    )
    .sort((a, b) => {
      // ISO strings with six fractional digits sort like the times they spell.
      const ta = timeOf.get(a.id) ?? '';
      const tb = timeOf.get(b.id) ?? '';
      if (ta !== tb) return ta < tb ? 1 : -1;
      return a.id < b.id ? 1 : -1;
    })
    .map((c) => c.id);
}

function query(f: Filter, perpage: number, startKey?: string): string {
  const params = new URLSearchParams({ perpage: String(perpage) });
  for (const [k, v] of Object.entries(f)) if (v !== undefined) params.set(k, String(v));
  if (startKey) params.set('startKey', startKey);
  return `/api/chats/paginate?${params}`;
}

/** Every page until nextKey is null; fails on a repeated chat. */
async function walk(user: TestUser, f: Filter, perpage: number): Promise<Chat[]> {
  const all: Chat[] = [];
  let startKey: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: query(f, perpage, startKey),
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Chat[]; nextKey: string | null };
    expect(body.data.length).toBeLessThanOrEqual(perpage);
    all.push(...body.data);
    if (!body.nextKey) return all;
    expect(body.data).toHaveLength(perpage);
    startKey = body.nextKey;
  }
  throw new Error('pagination did not end');
}

function combinations(): Filter[] {
  const out: Filter[] = [];
  for (const channel of [undefined, 'instagram'])
    for (const assignee of [undefined, 'MINE', 'UNASSIGNED'] as const)
      for (const resolved of [undefined, true, false])
        for (const flag of [undefined, 'red'] as const)
          for (const label of [undefined, 0])
            for (const isArchive of [false, true])
              for (const unread of [undefined, true])
                for (const searchText of [undefined, 'budi'])
                  out.push({
                    channel,
                    assignee,
                    resolved,
                    flag,
                    label: label === undefined ? undefined : labels[label],
                    isArchive,
                    unread,
                    searchText,
                  });
  return out;
}

describe('GET /api/chats/paginate', () => {
  it('lists exactly the oracle’s chats, in order, without gaps or repeats, for every filter', async () => {
    for (const f of combinations()) {
      const want = await expected(admin, f);
      const got = (await walk(admin, f, 7)).map((c) => c._id);
      expect(got, JSON.stringify(f)).toEqual(want);
    }
  }, 240_000);

  it('does the same for an agent who sees only some chats', async () => {
    for (const f of combinations().filter((_, i) => i % 3 === 0)) {
      const want = await expected(agent, f);
      const got = (await walk(agent, f, 4)).map((c) => c._id);
      expect(got, JSON.stringify(f)).toEqual(want);
    }
    // The restriction is real: the agent sees fewer chats than the admin.
    expect((await expected(agent, {})).length).toBeLessThan((await expected(admin, {})).length);
  }, 240_000);

  it('pages through a run of equal last_update one chat at a time', async () => {
    const want = await expected(admin, { isArchive: false });
    const got = (await walk(admin, { isArchive: false }, 1)).map((c) => c._id);
    expect(got).toEqual(want);
    expect(new Set(got).size).toBe(got.length);
  }, 60_000);

  it('uses 50 by default and 150 at most', async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/chats/paginate',
      headers: admin.auth,
    });
    expect(first.json().data).toHaveLength(50);
    const big = await ctx.app.inject({
      method: 'GET',
      url: '/api/chats/paginate?perpage=151',
      headers: admin.auth,
    });
    expect(big.statusCode).toBe(400);
  });

  it('takes the search text literally and case-insensitively, on name or identifier', async () => {
    const percent = (await walk(admin, { searchText: '50%_' }, 150)).map((c) => c.name);
    expect(percent.length).toBeGreaterThan(0);
    expect(new Set(percent)).toEqual(new Set(['Siti 50%_off']));
    expect(await walk(admin, { searchText: '0%' }, 150)).toHaveLength(percent.length);
    const byNumber = await walk(admin, { searchText: '812000012' }, 150);
    expect(byNumber.map((c) => c.identifier)).toEqual(
      rows
        .filter((r) => r.identifier === '62812000012' && !r.blocked && !r.is_archive)
        .map((r) => r.identifier),
    );
  });

  it('never lists blocked chats, whatever the filter', async () => {
    const blocked = new Set(rows.filter((r) => r.blocked).map((r) => r.id));
    expect(blocked.size).toBeGreaterThan(0);
    for (const isArchive of [false, true]) {
      const listed = await walk(admin, { isArchive }, 150);
      expect(listed.filter((c) => blocked.has(c._id))).toEqual([]);
    }
  });

  it('answers 400 to a startKey it did not issue, and to a label that is not an id', async () => {
    const bad = [
      'garbage',
      Buffer.from('2026-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url'),
      Buffer.from(`yesterday|${rows[0]?.id}`).toString('base64url'),
      Buffer.from(`2026-01-01T00:00:00.000000Z|${rows[0]?.id}|x`).toString('base64url'),
    ];
    for (const startKey of bad) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: query({}, 10, startKey),
        headers: admin.auth,
      });
      expect(res.statusCode, startKey).toBe(400);
      expect(res.json().code).toBe('INVALID_START_KEY');
    }
    const label = await ctx.app.inject({
      method: 'GET',
      url: query({ label: 'vip' }, 10),
      headers: admin.auth,
    });
    expect(label.statusCode).toBe(400);
  });
});
