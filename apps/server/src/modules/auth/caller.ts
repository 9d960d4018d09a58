import { isKeyCaller, type Caller } from './principal.js';

/**
 * Who is acting, as the rules that tell people from machines need it: idempotency keys are
 * scoped by it, and API-only accounts refuse the app's API to users but not to API keys. The one
 * place that turns a caller into "this user" or "this key".
 */
export type CallerIdentity = { kind: 'user'; id: string } | { kind: 'key'; id: string };

export function identityOf(caller: Caller): CallerIdentity {
  return isKeyCaller(caller)
    ? { kind: 'key', id: caller.apiKey.id }
    : { kind: 'user', id: caller.userId };
}

/** The identity as one string, for storage (`idempotency_keys.caller`). */
export function identityKey(identity: CallerIdentity): string {
  return `${identity.kind}:${identity.id}`;
}
