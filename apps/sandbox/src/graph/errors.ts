import type { FastifyReply } from 'fastify';
import { newTraceId } from '../ids.js';

export interface GraphErrorOptions {
  subcode?: number;
  transient?: boolean;
  details?: string;
}

/** An error answered in Meta's Graph envelope (reference §4). */
export class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly options: GraphErrorOptions = {},
  ) {
    super(message);
  }
}

export function graphErrorBody(err: GraphError) {
  return {
    error: {
      message: err.message,
      type: 'OAuthException',
      code: err.code,
      ...(err.options.subcode !== undefined ? { error_subcode: err.options.subcode } : {}),
      ...(err.options.transient !== undefined ? { is_transient: err.options.transient } : {}),
      ...(err.options.details !== undefined
        ? { error_data: { messaging_product: 'whatsapp', details: err.options.details } }
        : {}),
      fbtrace_id: newTraceId(),
    },
  };
}

export function sendGraphError(reply: FastifyReply, err: GraphError) {
  return reply.code(err.httpStatus).send(graphErrorBody(err));
}

export const invalidToken = () =>
  new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');

/** Meta's answer for an id that does not exist or that the token may not see: the two are one. */
export const unknownObject = (id: string, method = 'POST') =>
  new GraphError(
    400,
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33 },
  );

export const invalidParameter = (message: string, details?: string) =>
  new GraphError(400, 100, message, { details: details ?? message });
