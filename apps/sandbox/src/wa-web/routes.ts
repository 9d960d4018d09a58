import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { openEventStream } from '../events.js';
import { LIMITS, type Chat, type ChatMessage, type Phone } from './model.js';
import { CLOSE_NAMES, MEDIA_KINDS } from './protocol.js';
import { CallError, type WaWeb } from './service.js';
import { ScanError } from './sessions.js';

const digits = z.string().regex(/^\d{5,20}$/, 'must be 5–20 digits, without +');
const phoneParams = z.object({ phone: digits });
const chatParams = z.object({ phone: digits, customer: digits });
const phoneBody = z.object({ phone: digits, name: z.string().trim().min(1).max(100).optional() });
const scanBody = z.object({
  code: z.string().trim().min(1).max(1000),
  phone: digits,
  name: z.string().trim().min(1).max(100).optional(),
});
const dropBody = z.object({ reason: z.enum(CLOSE_NAMES) });
const sendBody = z.object({
  type: z.enum(['text', ...MEDIA_KINDS]).default('text'),
  text: z.string().max(65_536).nullish(),
  caption: z.string().max(4096).nullish(),
  media: z
    .object({
      data: z.string().min(1).max(22_000_000),
      mimeType: z.string().min(1).max(200),
      filename: z.string().max(255).nullish(),
    })
    .nullish(),
  replyTo: z.string().max(200).nullish(),
  name: z.string().trim().min(1).max(100).nullish(),
  asLid: z.boolean().optional(),
});
const reactBody = z.object({ targetId: z.string().min(1).max(200), emoji: z.string().max(32) });
/** A group by its JID, with or without `@g.us` in the path. */
const groupJid = z
  .string()
  .regex(/^\d{10,30}(@g\.us)?$/, 'must be a group id (digits, optionally @g.us)')
  .transform((g) => (g.endsWith('@g.us') ? g : `${g}@g.us`));
const groupParams = z.object({ phone: digits, group: groupJid });
const groupBody = z.object({
  subject: z.string().trim().min(1).max(100),
  participants: z
    .array(z.object({ phone: digits, name: z.string().trim().min(1).max(100).nullish() }))
    .min(1)
    .max(LIMITS.participantsPerGroup),
});
const participantSendBody = sendBody.omit({ name: true, asLid: true }).extend({ from: digits });
const eventsQuery = z.object({ chat: z.union([digits, groupJid]).optional() });

/** 400 with the first problem, in the sandbox's own error shape. */
class BadInput extends Error {}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new BadInput(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

/** A send body with its base64 media decoded: what a customer and a group participant send alike. */
function withMediaBytes<T extends { media?: z.infer<typeof sendBody>['media'] }>(body: T) {
  const { media } = body;
  return {
    ...body,
    media: media
      ? {
          bytes: Buffer.from(media.data, 'base64'),
          mimeType: media.mimeType,
          filename: media.filename,
        }
      : null,
  };
}

const SCAN_STATUS = {
  unknown_code: 404,
  expired_code: 410,
  too_many_devices: 409,
  wrong_phone: 400,
};

export function publicMessage(m: ChatMessage) {
  return {
    id: m.id,
    from: m.fromMe ? 'business' : 'customer',
    type: m.type,
    text: m.text,
    caption: m.caption,
    mediaId: m.mediaId,
    replyTo: m.replyTo,
    timestamp: m.timestamp,
    status: m.status,
    reactions: m.reactions,
    /** In a group: the participant who wrote it (phone digits). */
    author: m.author ?? null,
  };
}

function groupView(chat: Chat) {
  return {
    jid: chat.customer.phone,
    subject: chat.group?.subject ?? chat.customer.name,
    participants: (chat.group?.participants ?? []).map((p) => ({ phone: p.phone, name: p.name })),
  };
}

function phoneView(wa: WaWeb, phone: Phone) {
  return {
    phone: phone.phone,
    name: phone.name,
    lid: phone.lid,
    offline: phone.offline,
    devices: wa.sessions.devicesOf(phone.phone).map((d) => ({
      id: d.id,
      client: d.client,
      linkedAt: d.linkedAt,
      lastSeenAt: d.lastSeenAt,
      connected: d.link !== null,
      pending: d.pending.length,
    })),
    chats: [...phone.chats.values()]
      .map((c) => ({
        customer: c.customer.phone,
        name: c.customer.name,
        group: c.group ? groupView(c) : null,
        lastMessage: c.messages.at(-1) ? publicMessage(c.messages.at(-1)!) : null,
      }))
      .sort((a, b) => (b.lastMessage?.timestamp ?? 0) - (a.lastMessage?.timestamp ?? 0)),
  };
}

/**
 * Control of the WhatsApp-Web stand-in under /sandbox/wa (tests, the benchmark and the phone
 * page): phones, scanning, linked devices, customers writing, drops and offline, the ledger.
 */
export function registerWaRoutes(app: FastifyInstance, wa: WaWeb): void {
  app.register(async (scope) => {
    scope.setErrorHandler((err, _request, reply) => {
      if (err instanceof BadInput) return sendError(reply, 400, 'invalid', err.message);
      if (err instanceof ScanError)
        return sendError(reply, SCAN_STATUS[err.code], err.code, err.message);
      if (err instanceof CallError)
        return sendError(reply, err.code === 'unknown_group' ? 404 : 400, err.code, err.message);
      const status =
        typeof err === 'object' && err && 'statusCode' in err && typeof err.statusCode === 'number'
          ? err.statusCode
          : 500;
      if (status >= 500) app.log.error({ err }, 'wa sandbox error');
      return sendError(reply, status, 'error', err instanceof Error ? err.message : String(err));
    });

    scope.get('/sandbox/wa/phones', () => ({
      data: [...wa.sessions.phones.values()].map((p) => {
        const { chats, devices, ...rest } = phoneView(wa, p);
        return { ...rest, devices: devices.length, chats: chats.length };
      }),
    }));
    scope.post('/sandbox/wa/phones', (request, reply) => {
      const body = parse(phoneBody, request.body);
      return reply.code(201).send(phoneView(wa, wa.sessions.ensurePhone(body.phone, body.name)));
    });
    scope.get('/sandbox/wa/phones/:phone', (request) => {
      const { phone } = parse(phoneParams, request.params);
      return phoneView(wa, wa.sessions.ensurePhone(phone));
    });
    scope.get('/sandbox/wa/logins', () => ({ data: wa.sessions.currentLogins() }));
    scope.post('/sandbox/wa/scan', (request) => {
      const body = parse(scanBody, request.body);
      const { device } = wa.sessions.scan(body.code, body.phone, body.name);
      return { deviceId: device.id, phone: device.phone };
    });
    scope.delete('/sandbox/wa/devices/:id', (request, reply) => {
      const { id } = parse(z.object({ id: z.string().min(1).max(100) }), request.params);
      return wa.logOut(id)
        ? { loggedOut: true }
        : sendError(reply, 404, 'unknown_device', 'No such linked device');
    });
    scope.post('/sandbox/wa/devices/:id/drop', (request, reply) => {
      const { id } = parse(z.object({ id: z.string().min(1).max(100) }), request.params);
      const { reason } = parse(dropBody, request.body);
      return wa.drop(id, reason)
        ? { dropped: true, reason }
        : sendError(reply, 404, 'unknown_device', 'No such linked device');
    });
    for (const state of ['offline', 'online'] as const) {
      scope.post(`/sandbox/wa/phones/:phone/${state}`, (request) => {
        const { phone } = parse(phoneParams, request.params);
        wa.setOffline(phone, state === 'offline');
        return { phone, offline: state === 'offline' };
      });
    }
    scope.get('/sandbox/wa/phones/:phone/ledger', (request) => {
      const { phone } = parse(phoneParams, request.params);
      return wa.ledger.summary(phone);
    });

    scope.get('/sandbox/wa/phones/:phone/chats/:customer', (request) => {
      const { phone, customer } = parse(chatParams, request.params);
      const chat = wa.sessions.phones.get(phone)?.chats.get(customer);
      return {
        customer,
        name: chat?.customer.name ?? null,
        lid: chat?.customer.lid ?? null,
        messages: chat?.messages.map(publicMessage) ?? [],
      };
    });
    scope.post('/sandbox/wa/phones/:phone/chats/:customer/messages', (request, reply) => {
      const { phone, customer } = parse(chatParams, request.params);
      const body = parse(sendBody, request.body);
      const message = wa.customerSends(phone, customer, withMediaBytes(body));
      return reply.code(201).send(publicMessage(message));
    });
    scope.post('/sandbox/wa/phones/:phone/chats/:customer/reactions', (request) => {
      const { phone, customer } = parse(chatParams, request.params);
      const body = parse(reactBody, request.body);
      return wa.customerReacts(phone, customer, body.targetId, body.emoji);
    });
    scope.post('/sandbox/wa/phones/:phone/chats/:customer/read', (request) => {
      const { phone, customer } = parse(chatParams, request.params);
      return wa.customerReads(phone, customer);
    });
    scope.post('/sandbox/wa/phones/:phone/chats/:customer/reveal', (request) => {
      const { phone, customer } = parse(chatParams, request.params);
      return wa.reveal(phone, customer);
    });

    // Groups (issue 20 §4): a group of the number's customers, and a participant writing in it.
    scope.post('/sandbox/wa/phones/:phone/groups', (request, reply) => {
      const { phone } = parse(phoneParams, request.params);
      const body = parse(groupBody, request.body);
      return reply
        .code(201)
        .send(groupView(wa.createGroup(phone, body.subject, body.participants)));
    });
    scope.get('/sandbox/wa/phones/:phone/groups/:group', (request, reply) => {
      const { phone, group } = parse(groupParams, request.params);
      const chat = wa.sessions.phones.get(phone)?.chats.get(group);
      if (!chat?.group) return sendError(reply, 404, 'unknown_group', 'No such group');
      return { ...groupView(chat), messages: chat.messages.map(publicMessage) };
    });
    scope.post('/sandbox/wa/phones/:phone/groups/:group/messages', (request, reply) => {
      const { phone, group } = parse(groupParams, request.params);
      const { from, ...body } = parse(participantSendBody, request.body);
      const message = wa.participantSends(phone, group, from, withMediaBytes(body));
      return reply.code(201).send(publicMessage(message));
    });

    scope.get('/sandbox/wa/phones/:phone/media/:id', (request, reply) => {
      const { phone, id } = parse(
        z.object({ phone: digits, id: z.string().min(1).max(40) }),
        request.params,
      );
      const media = wa.feed.mediaOfPhone(id, phone);
      if (!media) return sendError(reply, 404, 'unknown_media', 'No such media');
      return reply
        .type(media.mimeType)
        .header('cache-control', 'private, max-age=300')
        .send(media.bytes);
    });

    // A linked device downloads media with its credentials (WhatsApp's media keys, simplified).
    scope.get('/wa/media/:id', (request, reply) => {
      const { id } = parse(z.object({ id: z.string().min(1).max(40) }), request.params);
      const deviceId = String(request.headers['x-wa-device'] ?? '');
      const secret = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      const media = deviceId && secret ? wa.feed.mediaFor(id, deviceId, secret) : null;
      if (!media) return sendError(reply, 404, 'unknown_media', 'No such media for this device');
      return reply.type(media.mimeType).send(media.bytes);
    });

    scope.get('/sandbox/wa/phones/:phone/events', (request, reply) => {
      const { phone } = parse(phoneParams, request.params);
      const { chat } = parse(eventsQuery, request.query);
      streamPhone(wa, phone, chat ?? null, reply);
    });
  });
}

function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/**
 * Server-Sent Events for the phone page: a snapshot, then every change. A stream that names a
 * chat is that chat open on the customer's phone: what the number sends there is read at once.
 */
function streamPhone(wa: WaWeb, phone: string, chat: string | null, reply: FastifyReply): void {
  const res = openEventStream(reply);
  const write = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const snapshot = () => write('snapshot', phoneView(wa, wa.sessions.ensurePhone(phone)));
  snapshot();
  const off = wa.feed.onChange((changed, change) => {
    if (changed !== phone) return;
    if (change.type !== 'message') return snapshot();
    write('message', { chat: change.chat, message: publicMessage(change.message) });
    if (chat === change.chat && change.message.fromMe && change.message.status !== 'read') {
      // Read after the delivered tick has had its turn, as a phone shows it arriving.
      setTimeout(() => wa.customerReads(phone, chat), 50);
    }
  });
  // Opening the chat reads it; after subscribing, so this page sees its own blue ticks.
  if (chat) wa.customerReads(phone, chat);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  const offClose = wa.feed.onClose(() => res.end());
  res.once('close', () => {
    clearInterval(heartbeat);
    off();
    offClose();
  });
}
