import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import type { FaultEndpoint, FaultRule } from '../faults.js';
import { applyFault, bearerToken, loggedGraphCall } from '../graph/call.js';
import { invalidToken, unknownObject } from '../graph/errors.js';
import { badAppsecretProof, sessionInvalidated } from './errors.js';
import type { Page } from './store.js';

export interface PageCallSpec<T> {
  endpoint: FaultEndpoint | 'other';
  version: string;
  objectId: string;
  /** What the call is about, if the calling Page's token may see it (else 100/33). */
  resolve: (page: Page) => T | undefined;
  loggedBody?: unknown;
}

function proofOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const proof =
    query?.appsecret_proof ?? (body && typeof body === 'object' ? body.appsecret_proof : undefined);
  return typeof proof === 'string' ? proof : undefined;
}

/**
 * The common path of a Messenger / Instagram Graph call, made with a Page access token: logged
 * and its version checked (`loggedGraphCall`), then its token (unknown 190, revoked or rotated
 * 190/460), `appsecret_proof` when given, and whether the token's Page may see the object;
 * faults applied; answered in Meta's envelope.
 */
export async function pageCall<T>(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: PageCallSpec<T>,
  handler: (page: Page, target: T, fault: FaultRule | undefined) => Promise<unknown> | unknown,
): Promise<FastifyReply> {
  return loggedGraphCall(ctx, request, reply, spec, async (call) => {
    const token = bearerToken(request);
    const owner = token ? ctx.meta.store.tokenOwner(token) : undefined;
    if (!token || !owner) {
      // A WhatsApp token is a real token that may not see a Page: the same 100/33 as Meta's.
      if (token && ctx.store.knowsToken(token)) throw unknownObject(spec.objectId, request.method);
      throw invalidToken();
    }
    call.pageId = owner.page.pageId;
    if (owner.dead) throw sessionInvalidated();
    const proof = proofOf(request);
    if (proof !== undefined) {
      const expected = createHmac('sha256', ctx.config.appSecret).update(token).digest('hex');
      const ok =
        proof.length === expected.length &&
        timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
      if (!ok) throw badAppsecretProof();
    }
    const target = spec.resolve(owner.page);
    if (target === undefined) throw unknownObject(spec.objectId, request.method);
    const fault =
      spec.endpoint === 'other' ? undefined : ctx.faults.take(spec.endpoint, owner.page.pageId);
    await applyFault(fault);
    return handler(owner.page, target, fault);
  });
}
