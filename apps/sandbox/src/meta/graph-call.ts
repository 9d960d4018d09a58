import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import type { FaultEndpoint, FaultRule } from '../faults.js';
import { applyFault, bearerToken } from '../graph/call.js';
import { GraphError, graphErrorBody, invalidToken, unknownObject } from '../graph/errors.js';
import { badAppsecretProof, sessionInvalidated } from './errors.js';
import type { Page } from './store.js';

const VERSION = /^v\d+\.\d+$/;

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
 * The common path of a Messenger / Instagram Graph call, made with a Page access token: log it,
 * check version, token (unknown 190, revoked or rotated 190/460), `appsecret_proof` when given,
 * and whether the token's Page may see the object; apply faults; answer in Meta's envelope.
 */
export async function pageCall<T>(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: PageCallSpec<T>,
  handler: (page: Page, target: T, fault: FaultRule | undefined) => Promise<unknown> | unknown,
): Promise<FastifyReply> {
  const call = ctx.calls.record({
    at: new Date(ctx.clock.now()).toISOString(),
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    endpoint: spec.endpoint,
    authorization: request.headers.authorization,
    contentType: request.headers['content-type'],
    body: spec.loggedBody ?? request.body,
  });
  const finish = (status: number, body: unknown) => {
    call.responseStatus = status;
    call.response = body;
    return reply.code(status).send(body);
  };
  try {
    if (!VERSION.test(spec.version)) {
      throw new GraphError(400, 2500, `Unknown path components: /${spec.version}`);
    }
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
    return finish(200, await handler(owner.page, target, fault));
  } catch (err) {
    if (err instanceof GraphError) return finish(err.httpStatus, graphErrorBody(err));
    throw err;
  }
}
