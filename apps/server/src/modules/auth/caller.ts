import type { Principal } from './principal.js';

/**
 * Who is acting, as the rules that tell people from machines need it: idempotency keys are
 * scoped by it, and API-only accounts refuse the app's API to users but not to API keys. The one
 * place that knows how a principal says which it is (an API key principal carries its key id).
 */
export type Caller = { kind: 'user'; id: string } | { kind: 'key'; id: string };

export function callerOf(principal: Principal): Caller {
  return { kind: 'user', id: principal.userId };
}

/** The caller as one string, for storage (`idempotency_keys.caller`). */
export function callerKey(caller: Caller): string {
  return `${caller.kind}:${caller.id}`;
}
