import { sql } from 'kysely';
import { DEMO_INSTAGRAM_ACCOUNT, DEMO_MESSENGER_PAGE } from '@sapa/sandbox/demo';
import { sealChannelConfig } from '../channels/sealed-config.js';
import type { Deps } from '../deps.js';
import { DEMO_USERS } from './demo.js';

interface PageConversation {
  identifier: string;
  name: string;
  /** Days ago, oldest first; `out` lines were answered by the admin. */
  lines: { dir: 'in' | 'out'; text: string; daysAgo: number }[];
}

/**
 * Earlier conversations on the demo page and Instagram account, so the inbox shows three
 * channels on first sign-in. Their customers last wrote more than 7 days ago on purpose: the
 * sandbox (Meta) knows no customer until one writes from its phone page, so these chats show
 * Meta's closed window (and why) rather than replies that would fail; a new message from the
 * phone page opens a live conversation.
 */
const MESSENGER: PageConversation[] = [
  {
    identifier: '2400000000009001',
    name: 'Putri Anggraini',
    lines: [
      { dir: 'in', text: 'Halo, apakah bisa kirim ke Bandung?', daysAgo: 10 },
      { dir: 'out', text: 'Bisa kak, ongkir Rp15.000 ya.', daysAgo: 10 },
      { dir: 'in', text: 'Oke, terima kasih!', daysAgo: 9 },
    ],
  },
  {
    identifier: '2400000000009002',
    name: 'Agus Setiawan',
    lines: [{ dir: 'in', text: 'Jam buka toko hari Minggu?', daysAgo: 12 }],
  },
];

const INSTAGRAM: PageConversation[] = [
  {
    identifier: '1780000000009001',
    name: 'Maya Lestari',
    lines: [
      { dir: 'in', text: 'Kak, tas yang di story kemarin masih ada?', daysAgo: 8 },
      { dir: 'out', text: 'Masih kak, warna hitam dan cokelat.', daysAgo: 8 },
    ],
  },
  {
    identifier: '1780000000009002',
    name: 'dimas.pratama',
    lines: [{ dir: 'in', text: 'Ready size 42?', daysAgo: 11 }],
  },
];

/** The demo plan allows one more of each, so connecting the sandbox's spare ones can be tried. */
const LIMITS = { 'bo.messengerChannelLimit': '2', 'bo.igChannelLimit': '2' };

/**
 * "Demo Company"'s Messenger page and Instagram account on the local sandbox (the same ids the
 * sandbox seeds, already subscribed there), with a few older conversations. Idempotent: skipped
 * once the account has a Messenger channel.
 */
export async function seedDemoPages(deps: Deps): Promise<void> {
  const { db, secrets, clock } = deps;
  const account = await db
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirst();
  if (!account) return;
  const accountId = account.account_id;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(727277)`.execute(trx);
    const exists = await trx
      .selectFrom('channels')
      .select('id')
      .where('account_id', '=', accountId)
      .where('channel', 'in', ['messenger', 'instagram'])
      .executeTakeFirst();
    if (exists) return;
    for (const [key, value] of Object.entries(LIMITS))
      await trx
        .insertInto('settings')
        .values({ account_id: accountId, key, value })
        .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
        .execute();
    const admin = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USERS[0].email)
      .executeTakeFirst();
    const now = clock.now();
    const pages = [
      {
        channel: 'messenger' as const,
        name: `${DEMO_MESSENGER_PAGE.name} Messenger`,
        externalId: DEMO_MESSENGER_PAGE.pageId,
        pageId: DEMO_MESSENGER_PAGE.pageId,
        config: {
          pageId: DEMO_MESSENGER_PAGE.pageId,
          pageAccessToken: DEMO_MESSENGER_PAGE.accessToken,
        },
        conversations: MESSENGER,
      },
      {
        channel: 'instagram' as const,
        name: `@${DEMO_INSTAGRAM_ACCOUNT.username}`,
        externalId: DEMO_INSTAGRAM_ACCOUNT.instagramAccountId,
        pageId: DEMO_INSTAGRAM_ACCOUNT.pageId,
        config: {
          instagramAccountId: DEMO_INSTAGRAM_ACCOUNT.instagramAccountId,
          pageId: DEMO_INSTAGRAM_ACCOUNT.pageId,
          pageAccessToken: DEMO_INSTAGRAM_ACCOUNT.pageAccessToken,
        },
        conversations: INSTAGRAM,
      },
    ];
    const at = (daysAgo: number, n: number) =>
      new Date(now.getTime() - daysAgo * 86_400_000 + n * 60_000);
    for (const page of pages) {
      const channel = await trx
        .insertInto('channels')
        .values({
          account_id: accountId,
          name: page.name,
          channel: page.channel,
          provider: page.channel,
          external_id: page.externalId,
          page_id: page.pageId,
          config_sealed: sealChannelConfig(secrets, deps.channels.port(page.channel), page.config),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!channel) continue;
      for (const c of page.conversations) {
        const contact = await trx
          .insertInto('contacts')
          .values({ account_id: accountId, name: c.name, phone: null, attributes: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const lastIndex = c.lines.length - 1;
        const last = c.lines[lastIndex]!;
        const lastInIndex = c.lines.map((l) => l.dir).lastIndexOf('in');
        const chat = await trx
          .insertInto('chats')
          .values({
            account_id: accountId,
            channel_id: channel.id,
            contact_id: contact.id,
            channel: page.channel,
            identifier: c.identifier,
            name: c.name,
            flag: last.dir === 'in' ? 'red' : 'green',
            unread_count: last.dir === 'in' ? 1 : 0,
            last_message_text: last.text,
            last_message_type: 'text',
            last_message_from_me: last.dir === 'out',
            last_update: at(last.daysAgo, lastIndex),
            initiate_at: at(c.lines[lastInIndex]!.daysAgo, lastInIndex),
            created_at: at(c.lines[0]!.daysAgo, 0),
            updated_at: at(last.daysAgo, lastIndex),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [n, line] of c.lines.entries())
          await trx
            .insertInto('messages')
            .values({
              account_id: accountId,
              chat_id: chat.id,
              channel_id: channel.id,
              provider_message_id: `m_DEMO_${c.identifier}_${n + 1}`,
              msg_type: 'text',
              text: line.text,
              payload: '{}',
              status: line.dir === 'in' ? 'received' : 'read',
              from_me: line.dir === 'out',
              sender_id: line.dir === 'out' ? (admin?.id ?? null) : null,
              created_at: at(line.daysAgo, n),
              sent_at: at(line.daysAgo, n),
            })
            .execute();
      }
    }
  });
}
