import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '@sapa/contracts';
import { pgInputError } from '../lib/pg-errors.js';
import { AppError, RateLimitedError } from './errors.js';

const INPUT_MESSAGE = {
  unstorable: 'unstorableText',
  outOfRange: 'numberOutOfRange',
  invalid: 'invalidValue',
} as const;

interface ValidationEntry {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One error body for the whole API: `{statusCode, error, message, code?, issues?}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError) reply.header('retry-after', err.retryAfterSeconds);
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: httpName(err.statusCode),
        message: err.message,
        ...(err.code ? { code: err.code } : {}),
        ...(err.issues ? { issues: err.issues } : {}),
      });
    }
    const validation = (err as FastifyError).validation as ValidationEntry[] | undefined;
    if (validation) {
      const issues = validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: issues[0]?.message ?? 'Invalid request',
        code: 'VALIDATION',
        issues,
      });
    }
    const input = pgInputError(err);
    if (input) {
      request.log.warn({ err }, 'database refused a value from the request');
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: MESSAGES[INPUT_MESSAGE[input]],
        code: 'INVALID_VALUE',
      });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    return reply.status(status).send({
      statusCode: status,
      error: httpName(status),
      message: status >= 500 ? MESSAGES.serverNotResponding : err.message,
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${request.url} not found`,
    }),
  );
}

function httpName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    402: 'Payment Required',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  };
  return names[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}
