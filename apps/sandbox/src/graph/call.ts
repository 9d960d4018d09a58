import type { FastifyReply, FastifyRequest } from 'fastify';
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
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' ? query.access_token : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The common path of every Graph call: log it, check version, object and token, apply any
 * injected fault, then run the handler; errors come back in Meta's envelope.
 */
export async function graphCall(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: GraphCallSpec,
  handler: (number: BusinessNumber, fault: FaultRule | undefined) => Promise<unknown> | unknown,
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
    // Like Meta: a token nobody was given is 190 whatever it asks for; a real token asking for
    // an object it may not see gets the same 100/33 as an object that does not exist.
    const token = bearerToken(request);
    if (!token || !ctx.store.knowsToken(token)) throw invalidToken();
    const number = spec.resolveNumber(token);
    if (!number || number.accessToken !== token) throw unknownObject(spec.objectId, request.method);
    call.phoneNumberId = number.phoneNumberId;
    const fault =
      spec.endpoint === 'other' ? undefined : ctx.faults.take(spec.endpoint, number.phoneNumberId);
    if (fault?.delayMs || fault?.respond === 'slow') await sleep(fault.delayMs ?? 5000);
    if (typeof fault?.respond === 'number') {
      const code = fault.graphCode ?? defaultGraphCode(fault.respond);
      const known = graphMessageFor(code);
      throw new GraphError(fault.respond, code, fault.message ?? known.message, {
        transient: known.transient ?? fault.respond >= 500,
        details: fault.message ?? known.message,
      });
    }
    const result = await handler(number, fault);
    return finish(200, result);
  } catch (err) {
    if (err instanceof GraphError) return finish(err.httpStatus, graphErrorBody(err));
    throw err;
  }
}
