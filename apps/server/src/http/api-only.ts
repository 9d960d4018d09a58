import { API_ACCESS_MESSAGES } from '@sapa/contracts';
import type { FastifyContextConfig } from 'fastify';
import { identityOf } from '../modules/auth/caller.js';
import type { Caller } from '../modules/auth/principal.js';
import { forbidden } from './errors.js';

/**
 * Issue 19 §4: an API-only account's people use the app only for what its pages show
 * (dashboard, templates, reports, settings, billing, integrations, their profile); everything
 * else (chats, messages, contacts, broadcasts…) is for the account's API keys. Routes say which
 * they are (`apiOnlyAllowed`); a key is not a user and is never refused here. Socket handlers
 * say the same when registered (`Realtime.on`), and events those pages do not show never reach
 * these people's sockets (realtime/api-only.ts).
 */
export function assertApiOnlyMayCall(
  caller: Caller,
  config: Pick<FastifyContextConfig, 'apiOnlyAllowed'>,
): void {
  if (caller.accountType !== 'api_only' || config.apiOnlyAllowed) return;
  if (identityOf(caller).kind !== 'user') return;
  throw forbidden(API_ACCESS_MESSAGES.apiOnlyRefused, 'API_ONLY_ACCOUNT');
}
