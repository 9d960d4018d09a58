import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Db } from '../db/database.js';
import { CSAT_EXPIRY_DAYS } from '@sapa/contracts';
import { DEMO_USERS } from './demo.js';
import { ticketsOf } from './demo-inbox.js';

const DAY_MS = 86_400_000;
/** The demo account's zone (Asia/Jakarta, no daylight saving): local hours to UTC. */
const JAKARTA_OFFSET_H = 7;

type Handler = 'admin' | 'agent' | 'agent2';

/** The customer's survey: answered (with or without a comment), still open, or expired. */
type Survey =
  | { answer: number; comment?: string; source: 'chat' | 'page'; afterMin: number }
  | { open: true }
  | null;

interface PastConversation {
  waId: string;
  name: string;
  handler: Handler;
  division: 'Sales' | 'Support';
  daysAgo: number;
  /** Local time of the first message, hours and minutes. */
  at: [number, number];
  /** Minutes after the first message; `out` lines are the handler's. */
  lines: { dir: 'in' | 'out'; text: string; min: number }[];
  resolvedMin: number;
  survey: Survey;
}

/**
 * The demo's last two weeks of finished work, so /report has history to show: conversations
 * handled by Budi, Dewi and Ayu, each resolved, most with a satisfaction survey answered 1 to 5.
 * Archived (done and filed), so the inbox the demo opens on stays the six of today.
 */
export const PAST_CONVERSATIONS: PastConversation[] = [
  {
    waId: '6281322220001',
    name: 'Sinta Maharani',
    handler: 'agent',
    division: 'Support',
    daysAgo: 1,
    at: [9, 12],
    lines: [
      { dir: 'in', text: 'Kak, ukuran M untuk kemeja linen masih ada?', min: 0 },
      { dir: 'out', text: 'Halo Kak Sinta, ukuran M masih ada 3 ya.', min: 3 },
      { dir: 'in', text: 'Oke saya checkout sekarang, makasih', min: 7 },
    ],
    resolvedMin: 15,
    survey: { answer: 5, comment: 'Cepat sekali jawabnya, mantap!', source: 'chat', afterMin: 2 },
  },
  {
    waId: '6281322220002',
    name: 'Hendra Wijaya',
    handler: 'agent2',
    division: 'Support',
    daysAgo: 1,
    at: [14, 40],
    lines: [
      { dir: 'in', text: 'Barang yang saya terima rusak, bagaimana cara retur?', min: 0 },
      { dir: 'out', text: 'Mohon maaf Kak Hendra, boleh kirim foto barangnya?', min: 22 },
      { dir: 'in', text: 'Sudah saya kirim ke email ya', min: 30 },
      { dir: 'out', text: 'Terima kasih, retur kami proses dan kurir menjemput besok.', min: 95 },
    ],
    resolvedMin: 100,
    survey: {
      answer: 3,
      comment: 'Lumayan, tapi balasannya agak lama.',
      source: 'chat',
      afterMin: 10,
    },
  },
  {
    waId: '6281322220003',
    name: 'Wulan Sari',
    handler: 'agent',
    division: 'Sales',
    daysAgo: 2,
    at: [10, 5],
    lines: [
      { dir: 'in', text: 'Ada diskon untuk pembelian 20 pcs?', min: 0 },
      { dir: 'out', text: 'Ada Kak, untuk 20 pcs diskon 10 %.', min: 6 },
    ],
    resolvedMin: 40,
    survey: { answer: 4, source: 'chat', afterMin: 5 },
  },
  {
    waId: '6281322220004',
    name: 'Agus Salim',
    handler: 'admin',
    division: 'Sales',
    daysAgo: 3,
    at: [11, 20],
    lines: [
      { dir: 'in', text: 'Saya mau jadi reseller, syaratnya apa saja?', min: 0 },
      { dir: 'out', text: 'Halo Pak Agus, syaratnya kami kirim lewat email ya.', min: 12 },
      { dir: 'in', text: 'Baik, ditunggu', min: 14 },
    ],
    resolvedMin: 60,
    survey: { answer: 5, comment: 'Penjelasannya lengkap.', source: 'page', afterMin: 180 },
  },
  {
    waId: '6281322220005',
    name: 'Dian Permata',
    handler: 'agent2',
    division: 'Support',
    daysAgo: 4,
    at: [16, 10],
    lines: [
      { dir: 'in', text: 'Paket saya sudah 5 hari belum sampai', min: 0 },
      { dir: 'out', text: 'Kami cek ke kurir dulu ya Kak Dian.', min: 48 },
      { dir: 'out', text: 'Paket tertahan di gudang transit, dikirim ulang hari ini.', min: 130 },
    ],
    resolvedMin: 140,
    survey: { answer: 2, comment: 'Pengirimannya terlalu lama.', source: 'chat', afterMin: 30 },
  },
  {
    waId: '6281322220006',
    name: 'Rudi Hartono',
    handler: 'agent',
    division: 'Support',
    daysAgo: 5,
    at: [8, 55],
    lines: [
      { dir: 'in', text: 'Cara ganti alamat pengiriman bagaimana kak?', min: 0 },
      { dir: 'out', text: 'Bisa lewat menu Akun → Alamat, Kak Rudi.', min: 4 },
      { dir: 'in', text: 'Sudah bisa, terima kasih', min: 9 },
    ],
    resolvedMin: 12,
    survey: { answer: 5, source: 'chat', afterMin: 1 },
  },
  {
    waId: '6281322220007',
    name: 'Lina Marlina',
    handler: 'agent2',
    division: 'Sales',
    daysAgo: 6,
    at: [13, 30],
    lines: [
      { dir: 'in', text: 'Kenapa harga di aplikasi beda dengan di toko?', min: 0 },
      { dir: 'out', text: 'Harga di aplikasi sudah termasuk promo minggu ini, Kak.', min: 35 },
    ],
    resolvedMin: 240,
    survey: {
      answer: 1,
      comment: 'Jawabannya tidak menjawab pertanyaan saya.',
      source: 'page',
      afterMin: 150,
    },
  },
  {
    waId: '6281322220008',
    name: 'Bayu Saputra',
    handler: 'agent',
    division: 'Sales',
    daysAgo: 8,
    at: [15, 0],
    lines: [
      { dir: 'in', text: 'Bisa COD untuk area Bekasi?', min: 0 },
      { dir: 'out', text: 'Bisa Kak Bayu, COD tersedia untuk Bekasi.', min: 8 },
    ],
    resolvedMin: 30,
    survey: { answer: 4, comment: 'Ramah dan jelas.', source: 'chat', afterMin: 4 },
  },
  {
    waId: '6281322220009',
    name: 'Fitri Anggraini',
    handler: 'admin',
    division: 'Support',
    daysAgo: 10,
    at: [10, 45],
    lines: [
      { dir: 'in', text: 'Saya belum terima kode OTP untuk login', min: 0 },
      { dir: 'out', text: 'Kami kirim ulang ya Kak Fitri, mohon cek SMS.', min: 15 },
      { dir: 'in', text: 'Sudah masuk', min: 18 },
    ],
    resolvedMin: 25,
    survey: { open: true },
  },
  {
    waId: '6281322220010',
    name: 'Yoga Pratama',
    handler: 'agent2',
    division: 'Support',
    daysAgo: 12,
    at: [19, 15],
    lines: [
      { dir: 'in', text: 'Garansi jam tangan berapa lama?', min: 0 },
      { dir: 'out', text: 'Garansi resmi 1 tahun, Kak Yoga.', min: 11 },
    ],
    resolvedMin: 50,
    survey: { answer: 4, source: 'chat', afterMin: 20 },
  },
  {
    waId: '6281322220011',
    name: 'Nadia Kusuma',
    handler: 'agent',
    division: 'Sales',
    daysAgo: 17,
    at: [11, 0],
    lines: [
      { dir: 'in', text: 'Apakah bisa kirim ke Malaysia?', min: 0 },
      { dir: 'out', text: 'Mohon maaf Kak Nadia, saat ini hanya dalam negeri.', min: 9 },
    ],
    resolvedMin: 20,
    // Never answered: expired after CSAT_EXPIRY_DAYS.
    survey: { open: true },
  },
];

/** A local day and time in the demo's zone, `daysAgo` days before today. */
function localTime(now: Date, daysAgo: number, [h, m]: [number, number]): Date {
  const local = new Date(now.getTime() + JAKARTA_OFFSET_H * 3_600_000);
  return new Date(
    Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate() - daysAgo,
      h - JAKARTA_OFFSET_H,
      m,
    ),
  );
}

/**
 * Writes the demo's past conversations, their tickets and surveys once (the first contact's
 * phone marks it done), in one transaction with the other demo seeds' lock.
 */
export async function seedDemoHistory(deps: Deps, accountId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(727276)`.execute(trx);
    const channel = await trx
      .selectFrom('channels')
      .select('id')
      .where('account_id', '=', accountId)
      .where('channel', '=', 'whatsapp')
      .executeTakeFirst();
    if (!channel) return;
    const done = await trx
      .selectFrom('chats')
      .select('id')
      .where('account_id', '=', accountId)
      .where('identifier', '=', PAST_CONVERSATIONS[0]!.waId)
      .executeTakeFirst();
    if (done) return;
    const users = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('account_id', '=', accountId)
      .execute();
    const emails: Record<Handler, string> = {
      admin: DEMO_USERS[0].email,
      agent: 'agent@demo.sapa.id',
      agent2: 'agent2@demo.sapa.id',
    };
    const divisions = await trx
      .selectFrom('divisions')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute();
    const now = deps.clock.now();
    for (const c of PAST_CONVERSATIONS) {
      const handlerId = users.find((u) => u.email === emails[c.handler])?.id ?? null;
      const divisionId = divisions.find((d) => d.name === c.division)?.id ?? null;
      await writeConversation(trx, {
        accountId,
        channelId: channel.id,
        c,
        handlerId,
        divisionId,
        now,
      });
    }
  });
}

async function writeConversation(
  trx: Db,
  input: {
    accountId: string;
    channelId: string;
    c: PastConversation;
    handlerId: string | null;
    divisionId: string | null;
    now: Date;
  },
): Promise<void> {
  const { accountId, channelId, c, handlerId, divisionId, now } = input;
  const start = localTime(now, c.daysAgo, c.at);
  const at = (min: number) => new Date(start.getTime() + min * 60_000);
  const last = c.lines[c.lines.length - 1]!;
  const lastIn = [...c.lines].reverse().find((l) => l.dir === 'in');
  const contact = await trx
    .insertInto('contacts')
    .values({
      account_id: accountId,
      name: c.name,
      phone: c.waId.replace(/^62/, ''),
      attributes: '{}',
      created_at: start,
      updated_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chat = await trx
    .insertInto('chats')
    .values({
      account_id: accountId,
      channel_id: channelId,
      contact_id: contact.id,
      channel: 'whatsapp',
      identifier: c.waId,
      name: c.name,
      // Resolved: unassigned and gray (spec §4); done and filed.
      agent_id: null,
      division_ids: divisionId ? [divisionId] : [],
      flag: 'gray',
      is_archive: true,
      unread_count: 0,
      last_message_text: last.text,
      last_message_type: 'text',
      last_message_from_me: last.dir === 'out',
      last_update: at(last.min),
      initiate_at: lastIn ? at(lastIn.min) : null,
      created_at: start,
      updated_at: at(c.resolvedMin),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const messages = c.lines.map((line, i) => ({
    account_id: accountId,
    chat_id: chat.id,
    channel_id: channelId,
    provider_message_id: `wamid.DEMO.${c.waId}.${i + 1}`,
    msg_type: 'text',
    text: line.text,
    payload: '{}',
    status: line.dir === 'in' ? ('received' as const) : ('read' as const),
    from_me: line.dir === 'out',
    is_system: false,
    sender_id: line.dir === 'out' ? handlerId : null,
    created_at: at(line.min),
    sent_at: at(line.min),
  }));
  await trx.insertInto('messages').values(messages).execute();
  const resolvedAt = at(c.resolvedMin);
  const [ticket] = ticketsOf(messages, { at: resolvedAt, by: handlerId });
  if (!ticket) return;
  const row = await trx
    .insertInto('tickets')
    .values({
      account_id: accountId,
      chat_id: chat.id,
      agent_id: ticket.agentId,
      resolved_by: ticket.resolvedBy,
      open_at: ticket.openAt,
      answer_at: ticket.answerAt,
      close_at: ticket.closeAt,
      created_at: ticket.openAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!c.survey) return;
  const sentAt = new Date(resolvedAt.getTime() + 5_000);
  const expiresAt = new Date(sentAt.getTime() + CSAT_EXPIRY_DAYS * DAY_MS);
  const answer = 'answer' in c.survey ? c.survey : null;
  const survey = await trx
    .insertInto('csat_surveys')
    .values({
      account_id: accountId,
      ticket_id: row.id,
      chat_id: chat.id,
      channel_id: channelId,
      channel: 'whatsapp',
      agent_id: handlerId,
      division_id: divisionId,
      language: 'id',
      via: answer?.source === 'page' ? 'link' : 'interactive',
      status: answer ? 'answered' : expiresAt <= now ? 'expired' : 'sent',
      sent_at: sentAt,
      expires_at: expiresAt,
      created_at: sentAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!answer) return;
  const answeredAt = new Date(sentAt.getTime() + answer.afterMin * 60_000);
  await trx
    .insertInto('csat_responses')
    .values({
      survey_id: survey.id,
      account_id: accountId,
      rating: answer.answer,
      comment: answer.comment ?? null,
      source: answer.source,
      answered_at: answeredAt,
      commented_at: answer.comment ? new Date(answeredAt.getTime() + 60_000) : null,
    })
    .execute();
}
