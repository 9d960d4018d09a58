import { sql } from 'kysely';
import { sealChannelConfig } from '../channels/sealed-config.js';
import type { Deps } from '../deps.js';
import { DEMO_USERS } from './demo.js';
import { seedDemoInbox } from './demo-inbox.js';

/** The sandbox's demo business number (apps/sandbox seeds the same values). */
export const DEMO_WHATSAPP = {
  phoneNumberId: '100000000000001',
  displayPhoneNumber: '6281100000001',
  wabaId: '200000000000001',
  accessToken: 'sandbox-access-token',
};

interface DemoConversation {
  waId: string;
  name: string;
  /** Who handles it: Budi (`agent`), Dewi (`agent2`) or nobody yet. */
  assignee: 'agent' | 'agent2' | null;
  division: 'Sales' | 'Support' | null;
  /** Resolved this many minutes ago by its assignee: unassigned and gray since (spec §4). */
  resolvedMinutesAgo?: number;
  /** Minutes ago, oldest first; `out` lines were sent by the assignee or an admin. */
  lines: { dir: 'in' | 'out'; text: string; minutesAgo: number }[];
}

const CONVERSATIONS: DemoConversation[] = [
  {
    waId: '6281311110001',
    name: 'Rina Wulandari',
    assignee: 'agent',
    division: 'Support',
    lines: [
      { dir: 'in', text: 'Halo, pesanan saya #SP-1042 belum sampai ya kak?', minutesAgo: 95 },
      {
        dir: 'out',
        text: 'Halo Kak Rina, kami cek dulu ya. Mohon ditunggu sebentar.',
        minutesAgo: 90,
      },
      {
        dir: 'out',
        text: 'Paketnya sedang diantar kurir hari ini, estimasi sore.',
        minutesAgo: 84,
      },
      { dir: 'in', text: 'Oke makasih kak 🙏', minutesAgo: 12 },
    ],
  },
  {
    waId: '6281311110002',
    name: 'Andi Pratama',
    assignee: null,
    division: 'Sales',
    lines: [
      { dir: 'in', text: 'Mau tanya harga paket Growth untuk 10 agen berapa?', minutesAgo: 40 },
      { dir: 'in', text: 'Sama bisa demo dulu tidak?', minutesAgo: 38 },
    ],
  },
  {
    waId: '6281311110003',
    name: 'Maya Sari',
    assignee: null,
    division: null,
    lines: [{ dir: 'in', text: 'Selamat siang, toko buka jam berapa?', minutesAgo: 6 }],
  },
  {
    waId: '6281311110004',
    name: 'Putri Handayani',
    assignee: 'agent2',
    division: 'Support',
    lines: [
      {
        dir: 'in',
        text: 'Kak, kode voucher HEMAT50 saya tidak bisa dipakai waktu checkout.',
        minutesAgo: 30,
      },
      { dir: 'out', text: 'Halo Kak Putri, boleh kirim pesan error yang muncul?', minutesAgo: 26 },
      { dir: 'in', text: "Tulisannya 'voucher sudah kedaluwarsa' kak", minutesAgo: 4 },
    ],
  },
  {
    waId: '6281311110005',
    name: 'Joko Santoso',
    assignee: 'agent2',
    division: 'Support',
    resolvedMinutesAgo: 280,
    lines: [
      { dir: 'in', text: 'Halo, bisa minta invoice untuk pesanan #SP-0987?', minutesAgo: 300 },
      {
        dir: 'out',
        text: 'Tentu Kak Joko, invoice sudah kami kirim ke email Anda.',
        minutesAgo: 295,
      },
      { dir: 'in', text: 'Sudah masuk, terima kasih!', minutesAgo: 290 },
    ],
  },
];

/** WhatsApp numbers the demo account may have: its Cloud API number and one linked by QR. */
export const DEMO_WHATSAPP_LIMIT = '2';

/**
 * The demo account's WhatsApp channel on the local sandbox, and a few conversations so the inbox
 * is not empty on first sign-in. Idempotent: skipped once the channel exists.
 */
export async function seedDemoMessaging(deps: Deps): Promise<void> {
  const { db, secrets, clock } = deps;
  const account = await db
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', DEMO_USERS[0].email)
    .executeTakeFirst();
  if (!account) return;
  const accountId = account.account_id;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(727276)`.execute(trx);
    const exists = await trx
      .selectFrom('channels')
      .select('id')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (exists) return;
    // The Cloud API number below takes the plan's one WhatsApp slot, which WhatsApp basic shares:
    // one more, so the sandbox's business phone can be linked on first start. An operator's own
    // setting wins.
    await trx
      .insertInto('settings')
      .values({ account_id: accountId, key: 'bo.wabaChannelLimit', value: DEMO_WHATSAPP_LIMIT })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .execute();
    const now = clock.now();
    const channel = await trx
      .insertInto('channels')
      .values({
        account_id: accountId,
        name: 'Demo Company WhatsApp',
        channel: 'whatsapp',
        provider: 'whatsapp_cloud',
        external_id: DEMO_WHATSAPP.phoneNumberId,
        display_phone_number: DEMO_WHATSAPP.displayPhoneNumber,
        waba_id: DEMO_WHATSAPP.wabaId,
        config_sealed: sealChannelConfig(secrets, deps.channels.port('whatsapp_cloud'), {
          phoneNumberId: DEMO_WHATSAPP.phoneNumberId,
          wabaId: DEMO_WHATSAPP.wabaId,
          displayPhoneNumber: DEMO_WHATSAPP.displayPhoneNumber,
          accessToken: DEMO_WHATSAPP.accessToken,
        }),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!channel) return;
    const users = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('account_id', '=', accountId)
      .execute();
    const userId = (email: string) => users.find((u) => u.email === email)?.id ?? null;
    const adminId = userId(DEMO_USERS[0].email);
    const assigneeIds = {
      agent: userId('agent@demo.sapa.id'),
      agent2: userId('agent2@demo.sapa.id'),
    };
    const chatIds = new Map<string, string>();
    const resolved: { chatId: string; at: Date; by: string | null }[] = [];
    const divisions = await trx
      .selectFrom('divisions')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute();
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

    for (const c of CONVERSATIONS) {
      const contact = await trx
        .insertInto('contacts')
        .values({
          account_id: accountId,
          name: c.name,
          phone: c.waId.replace(/^62/, ''),
          attributes: '{}',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const last = c.lines[c.lines.length - 1]!;
      const lastIn = [...c.lines].reverse().find((l) => l.dir === 'in');
      const unread = c.lines.length - 1 - c.lines.map((l) => l.dir).lastIndexOf('out');
      const handlerId = c.assignee ? assigneeIds[c.assignee] : null;
      const isResolved = c.resolvedMinutesAgo !== undefined;
      const divisionId = divisions.find((d) => d.name === c.division)?.id;
      const chat = await trx
        .insertInto('chats')
        .values({
          account_id: accountId,
          channel_id: channel.id,
          contact_id: contact.id,
          channel: 'whatsapp',
          identifier: c.waId,
          name: c.name,
          agent_id: isResolved ? null : handlerId,
          division_ids: divisionId ? [divisionId] : [],
          flag: isResolved ? 'gray' : last.dir === 'in' ? 'red' : 'green',
          unread_count: !isResolved && last.dir === 'in' ? Math.min(unread, c.lines.length) : 0,
          last_message_text: last.text,
          last_message_type: 'text',
          last_message_from_me: last.dir === 'out',
          last_update: at(last.minutesAgo),
          initiate_at: lastIn ? at(lastIn.minutesAgo) : null,
          created_at: at(c.lines[0]!.minutesAgo),
          updated_at: at(last.minutesAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      chatIds.set(c.waId, chat.id);
      if (c.resolvedMinutesAgo !== undefined)
        resolved.push({ chatId: chat.id, at: at(c.resolvedMinutesAgo), by: handlerId });
      let n = 0;
      for (const line of c.lines) {
        n++;
        await trx
          .insertInto('messages')
          .values({
            account_id: accountId,
            chat_id: chat.id,
            channel_id: channel.id,
            provider_message_id: `wamid.DEMO.${c.waId}.${n}`,
            msg_type: 'text',
            text: line.text,
            payload: '{}',
            status: line.dir === 'in' ? 'received' : 'read',
            from_me: line.dir === 'out',
            sender_id: line.dir === 'out' ? (handlerId ?? adminId) : null,
            created_at: at(line.minutesAgo),
            sent_at: at(line.minutesAgo),
          })
          .execute();
      }
    }
    await seedDemoInbox(trx, { accountId, divisions, chatIds, resolved });
  });
}
