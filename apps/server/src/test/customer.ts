import type { App } from '../http/types.js';
import type { TestContext } from './harness.js';
import { signed, text, wamid } from './whatsapp-fixtures.js';

export interface CustomerMessage {
  from: string;
  body?: string;
  /** Provider message id; a new one unless given (give the same one to redeliver). */
  id?: string;
  /** Seconds after the test clock's now (negative for earlier). */
  atOffset?: number;
  name?: string;
}

/**
 * A customer writing to a WhatsApp channel through the real signed webhook, optionally into
 * another app process on the same database (`via`). Times follow the test clock so the 24-hour
 * window and ticket times line up with it.
 */
export function customerOf(ctx: TestContext, phoneNumberId: string) {
  const post = async (m: CustomerMessage, via: App = ctx.app) => {
    const { body, headers } = signed(
      text(m.body ?? 'Halo kak', {
        phoneNumberId,
        from: m.from,
        id: m.id ?? wamid(),
        name: m.name ?? 'Ana',
        timestamp: Math.floor(ctx.clock.now().getTime() / 1000) + (m.atOffset ?? 0),
      }),
    );
    const res = await via.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
  };
  const chatId = async (from: string) =>
    (
      await ctx.deps.db
        .selectFrom('chats')
        .select('id')
        .where('identifier', '=', from)
        .executeTakeFirstOrThrow()
    ).id;
  /** One message from `from`; resolves to their chat (created by it, or the one they had). */
  const writes = async (from: string, body?: string) => {
    await post({ from, body });
    return chatId(from);
  };
  return { post, chatId, writes };
}

let n = 0;
/** A WhatsApp id no other test uses. */
export const newCustomer = () =>
  `6287${String(Date.now() % 1e6).padStart(6, '0')}${String(n++).padStart(3, '0')}`;
