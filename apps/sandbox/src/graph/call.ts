import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphCall } from '../calls.js';
import type { SandboxContext } from '../context.js';
import {
  defaultGraphCode,
  graphMessageFor,
  type FaultEndpoint,
  type FaultRule,
} from '../faults.js';
import type { BusinessNumber } from '../store.js';
import { GraphError, graphErrorBody, invalidToken, unknownObject } from './errors.js';

const VERSION = /^v\d+\.\d+$/;

export interface GraphCallSpec {
  endpoint: FaultEndpoint | 'other';
  version?: string;
  /**
   * The number the call acts for, given the caller's token (a WABA's calls pick the WABA's
   * number that token belongs to); its token is the one required.
   */
  resolveNumber: (token: string) => BusinessNumber | undefined;
  objectId: string;
  loggedBody?: unknown;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // Graph takes the token as `Bearer` or, as the Resumable Upload API's examples write it, `OAuth`.
  const match = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header) : null;
  if (match?.[1]) return match[1].trim();
  // Or as the access_token parameter, in the query string or (form or JSON) body.
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.access_token === 'string') return query.access_token;
  const body = request.body as Record<string, unknown> | null | undefined;
  const fromBody = body && typeof body === 'object' ? body.access_token : undefined;
  return typeof fromBody === 'string' ? fromBody : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An injected fault's delay, or its error in the Graph envelope; nothing when there is none. */
export async function applyFault(fault: FaultRule | undefined): Promise<void> {
  if (fault?.delayMs || fault?.respond === 'slow') await sleep(fault.delayMs ?? 5000);
  if (typeof fault?.respond === 'number') {
    const code = fault.graphCode ?? defaultGraphCode(fault.respond);
    const known = graphMessageFor(code);
    throw new GraphError(fault.respond, code, fault.message ?? known.message, {
      transient: known.transient ?? fault.respond >= 500,
      details: fault.message ?? known.message,
    });
  }
}

/** What a logged Graph call says about itself: the fault endpoint, its version, its body. */
export interface LoggedCallSpec {
  endpoint: FaultEndpoint | 'other';
  /** Checked as `v<major>.<minor>` when given. */
  version?: string;
  /** What the call log shows as the body (an upload logs its size, not its bytes). */
  loggedBody?: unknown;
}

/**
 * What every Graph call, WhatsApp's or a Page's, goes through: logged in the call log, its
 * version checked, then `run` (token, object, faults, handler); the answer and its status are
 * logged with it, and a `GraphError` comes back in Meta's envelope.
 */
export async function loggedGraphCall(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: LoggedCallSpec,
  run: (call: GraphCall) => Promise<unknown>,
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
    if (spec.version !== undefined && !VERSION.test(spec.version)) {
      throw new GraphError(400, 2500, `Unknown path components: /${spec.version}`);
    }
    return finish(200, await run(call));
  } catch (err) {
    if (err instanceof GraphError) return finish(err.httpStatus, graphErrorBody(err));
    throw err;
  }
}

/**
 * The common path of every WhatsApp Graph call: logged, then its token and number checked, any
 * injected fault applied, and the handler run.
 */
export async function graphCall(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: GraphCallSpec,
  handler: (number: BusinessNumber, fault: FaultRule | undefined) => Promise<unknown> | unknown,
): Promise<FastifyReply> {
  return loggedGraphCall(ctx, request, reply, spec, async (call) => {
    // Like Meta: a token nobody was given is 190 whatever it asks for; a real token asking for
    // an object it may not see gets the same 100/33 as an object that does not exist.
    const token = bearerToken(request);
    if (!token || !(ctx.store.knowsToken(token) || ctx.meta.store.tokenOwner(token)))
      throw invalidToken();
    const number = spec.resolveNumber(token);
    if (!number || number.accessToken !== token) throw unknownObject(spec.objectId, request.method);
    call.phoneNumberId = number.phoneNumberId;
    const fault =
      spec.endpoint === 'other' ? undefined : ctx.faults.take(spec.endpoint, number.phoneNumberId);
    await applyFault(fault);
    return handler(number, fault);
  });
}
