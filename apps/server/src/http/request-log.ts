import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Query values under these names are credentials (reset and invitation tokens, Meta's verify
// token; pagination keys are harmless but match too): they never reach a log file.
const SECRET_KEY = /token|password|secret|key|code|signature|sid/i;

/** The request's path and query, with the values of secret-looking parameters replaced. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  const kept = [...params].map(([key, value]): [string, string] => [
    key,
    SECRET_KEY.test(key) ? 'redacted' : value,
  ]);
  return `${url.slice(0, mark)}?${new URLSearchParams(kept).toString()}`;
}

/**
 * Fastify's request lines, replaced: one line per answered request instead of two ("incoming
 * request" and "request completed"), and none at all unless LOG_REQUESTS is on, so a developer's
 * terminal keeps the start banner and the errors. Failures are still logged either way (the
 * error handler logs 5xx; Fastify's own error lines are left as they are).
 */
export class RequestLog extends LogController {
  constructor(private readonly enabled: boolean) {
    super();
  }

  override incomingRequest(): void {}

  /** A 404 is one request like any other: its line comes from requestCompleted. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!this.enabled) return;
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
