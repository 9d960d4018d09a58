import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickReply, Ticket } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/fixtures.js';
import { seedDemo } from './demo.js';
import { seedDemoMessaging } from './demo-messaging.js';
import { ticketsOf } from './demo-inbox.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ demoPassword: 'DemoPass123' });
  await seedDemo(ctx.deps);
  await seedDemoMessaging(ctx.deps);
});
afterAll(() => ctx.close());

async function as(email: string) {
  const token = await login(ctx, email, 'DemoPass123');
  return async <T>(url: string): Promise<T> => {
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };
}

const count = async (table: 'labels' | 'quick_replies' | 'tickets' | 'chats') =>
  Number(
    (
      await ctx.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo inbox seed', () => {
  it('runs once: a second start adds nothing', async () => {
    const before = await Promise.all(
      (['labels', 'quick_replies', 'tickets', 'chats'] as const).map(count),
    );
    expect(before).toEqual([4, 4, 5, 5]);
    await Promise.all([seedDemoMessaging(ctx.deps), seedDemoMessaging(ctx.deps)]);
    expect(
      await Promise.all((['labels', 'quick_replies', 'tickets', 'chats'] as const).map(count)),
    ).toEqual(before);
  });

  it('has a ticket per conversation that matches its messages', async () => {
    const get = await as('admin@demo.sapa.id');
    const { data } = await get<{ data: Ticket[] }>('/api/ticket');
    const byName = Object.fromEntries(data.map((t) => [t.name, t]));
    expect(data.map((t) => t.name)).toEqual([
      'Maya Sari',
      'Putri Handayani',
      'Andi Pratama',
      'Rina Wulandari',
      'Joko Santoso',
    ]);
    expect(byName['Rina Wulandari']).toMatchObject({
      status: 'open',
      agent: { name: 'Budi Agent' },
      firstResponseSeconds: 5 * 60,
    });
    expect(byName['Andi Pratama']).toMatchObject({ status: 'open', agent: null, answerAt: null });
    expect(byName['Putri Handayani']).toMatchObject({
      status: 'open',
      agent: { name: 'Dewi Lestari' },
      firstResponseSeconds: 4 * 60,
    });
    expect(byName['Joko Santoso']).toMatchObject({
      status: 'closed',
      agent: { name: 'Dewi Lestari' },
      resolvedBy: { name: 'Dewi Lestari' },
      firstResponseSeconds: 5 * 60,
    });
    // The ticket's times are the conversation's: opened by its first message.
    const [first] = await ctx.deps.db
      .selectFrom('messages as m')
      .innerJoin('chats as c', 'c.id', 'm.chat_id')
      .select('m.sent_at')
      .where('c.name', '=', 'Andi Pratama')
      .orderBy('m.sent_at')
      .execute();
    expect(byName['Andi Pratama']!.openAt).toBe(first!.sent_at.toISOString());
  });

  it('labels some conversations with coloured labels', async () => {
    const labels = await ctx.deps.db.selectFrom('labels').select(['id', 'name', 'color']).execute();
    expect(labels.map((l) => l.name).sort()).toEqual(['Complaint', 'Follow up', 'New lead', 'VIP']);
    for (const l of labels) expect(l.color).toMatch(/^#[0-9a-f]{6}$/);
    const rina = await ctx.deps.db
      .selectFrom('chats')
      .select('labels')
      .where('name', '=', 'Rina Wulandari')
      .executeTakeFirstOrThrow();
    const names = rina.labels.map((id) => labels.find((l) => l.id === id)?.name).sort();
    expect(names).toEqual(['Complaint', 'Follow up']);
  });

  it('lets the second agent work her own conversations; quick replies follow divisions', async () => {
    const dewi = await as('agent2@demo.sapa.id');
    const tickets = await dewi<{ data: Ticket[] }>('/api/ticket');
    expect(tickets.data.map((t) => t.name)).toEqual([
      'Maya Sari',
      'Putri Handayani',
      'Joko Santoso',
    ]);
    const replies = await dewi<{ data: QuickReply[] }>('/api/quick-reply');
    expect(replies.data.map((q) => q.shortcut)).toEqual(['hello', 'hours', 'thanks']);
    const supervisor = await as('supervisor@demo.sapa.id');
    const all = await supervisor<{ data: QuickReply[] }>('/api/quick-reply');
    expect(all.data.map((q) => q.shortcut)).toEqual(['hello', 'hours', 'price', 'thanks']);
  });
});

describe('ticketsOf', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  const msg = (minute: number, fromMe: boolean, extra: { system?: boolean; by?: string } = {}) => ({
    from_me: fromMe,
    is_system: extra.system ?? false,
    sender_id: fromMe ? (extra.by ?? 'agent-1') : null,
    sent_at: at(minute),
  });

  it('opens at the first customer message, answers at the first agent reply, re-opens after a resolve', () => {
    const tickets = ticketsOf(
      [
        msg(0, false),
        msg(1, false),
        msg(2, true, { system: true }),
        msg(3, true, { by: 'agent-2' }),
        msg(4, true),
        msg(10, false),
      ],
      { at: at(5), by: 'agent-2' },
    );
    expect(tickets).toEqual([
      { openAt: at(0), answerAt: at(3), agentId: 'agent-2', closeAt: at(5), resolvedBy: 'agent-2' },
      { openAt: at(10), answerAt: null, agentId: null, closeAt: null, resolvedBy: null },
    ]);
  });
});
