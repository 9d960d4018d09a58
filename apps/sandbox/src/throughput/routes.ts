import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { parseOrThrow } from '../control/routes.js';
import { MAX_RATE } from './limiter.js';

const rateBody = z.object({
  phoneNumberId: z.string().regex(/^\d{1,20}$/, 'must be digits'),
  messagesPerSecond: z.number().int().min(1).max(MAX_RATE),
});
const ledgerQuery = z.object({
  phoneNumberId: z.string().regex(/^\d{1,20}$/, 'must be digits'),
  counts: z.enum(['true', 'false', '1', '0']).optional(),
});

/**
 * Controls for throughput emulation and the send ledger:
 * `POST /sandbox/throughput {phoneNumberId, messagesPerSecond}` (1–1,000; default 80),
 * `GET /sandbox/throughput?phoneNumberId=` the rate, sends refused with 130429, send requests
 *   received and the most received within any 1-second window (since the rate was last set),
 * `GET /sandbox/ledger?phoneNumberId=&counts=true` template sends per recipient,
 * `DELETE /sandbox/ledger` forgets them.
 */
export function registerThroughputRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/throughput', (request) => {
    const body = parseOrThrow(rateBody, request.body);
    ctx.throughput.setRate(body.phoneNumberId, body.messagesPerSecond);
    // A new rate starts a new measurement: the busiest second is of this rate's sends.
    ctx.arrivals.reset(body.phoneNumberId);
    return { phoneNumberId: body.phoneNumberId, messagesPerSecond: body.messagesPerSecond };
  });
  app.get('/sandbox/throughput', (request) => {
    const q = parseOrThrow(ledgerQuery, request.query);
    return {
      phoneNumberId: q.phoneNumberId,
      messagesPerSecond: ctx.throughput.rateOf(q.phoneNumberId),
      refused: ctx.throughput.refused(q.phoneNumberId),
      ...ctx.arrivals.summary(q.phoneNumberId),
    };
  });
  app.get('/sandbox/ledger', (request) => {
    const q = parseOrThrow(ledgerQuery, request.query);
    return ctx.ledger.summary(q.phoneNumberId, q.counts === 'true' || q.counts === '1');
  });
  app.delete('/sandbox/ledger', () => {
    ctx.ledger.reset();
    return { success: true };
  });
}
