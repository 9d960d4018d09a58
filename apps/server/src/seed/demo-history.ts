import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Db } from '../db/database.js';
import { CSAT_EXPIRY_DAYS } from '@sapa/contracts';
import { DEMO_USERS } from './demo.js';
import { ticketsOf } from './demo-inbox.js';
import { PAST_CONVERSATIONS, type Handler, type PastConversation } from './demo-history-data.js';

export { PAST_CONVERSATIONS };

const DAY_MS = 86_400_000;
/** The demo account's zone (Asia/Jakarta, no daylight saving): local hours to UTC. */
const JAKARTA_OFFSET_H = 7;

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
    const labels = await trx
      .selectFrom('labels')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute();
    const now = deps.clock.now();
    for (const c of PAST_CONVERSATIONS) {
      const labelIds = labels
        .filter((l) => (c.labels as readonly string[] | undefined)?.includes(l.name))
        .map((l) => l.id);
      const handlerId = users.find((u) => u.email === emails[c.handler])?.id ?? null;
      const divisionId = divisions.find((d) => d.name === c.division)?.id ?? null;
      await writeConversation(trx, {
        accountId,
        channelId: channel.id,
        c,
        handlerId,
        divisionId,
        labelIds,
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
    labelIds: string[];
    now: Date;
  },
): Promise<void> {
  const { accountId, channelId, c, handlerId, divisionId, labelIds, now } = input;
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
      labels: labelIds,
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
