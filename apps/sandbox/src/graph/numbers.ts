import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import type { BusinessNumber } from '../store.js';
import { graphCall } from './call.js';

type Profile = Record<string, unknown> & { id: string };

/** A phone number node as Meta shows it; `fields` picks some (the id always comes). */
export function numberProfile(number: BusinessNumber, fields?: string): Profile {
  const all: Profile = {
    verified_name: number.name,
    code_verification_status: 'VERIFIED',
    display_phone_number: number.displayPhoneNumber,
    quality_rating: 'GREEN',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
    id: number.phoneNumberId,
  };
  const wanted = fields
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!wanted?.length) return all;
  const picked: Profile = { id: number.phoneNumberId };
  for (const f of wanted) if (f in all) picked[f] = all[f];
  return picked;
}

type ListQuery = { fields?: string; limit?: string; after?: string };

/**
 * `GET /{waba-id}/phone_numbers`: the WABA's numbers, for any token of one of them (Sapa checks
 * that a number it is asked to connect is one of the WABA's). Paged like Meta, with an opaque
 * `after` cursor and `paging.next` while more remain.
 */
export function registerNumberRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { version: string; id: string }; Querystring: ListQuery }>(
    '/:version/:id/phone_numbers',
    (request, reply) => {
      const { version, id: wabaId } = request.params;
      const numbers = ctx.store.numbersOfWaba(wabaId);
      return graphCall(
        ctx,
        request,
        reply,
        {
          endpoint: 'other',
          version,
          objectId: wabaId,
          resolveNumber: (token) => numbers.find((n) => n.accessToken === token),
        },
        () => {
          const q = request.query;
          const limit = Math.min(Math.max(Number(q.limit) || 25, 1), 100);
          const start = q.after ? Number(Buffer.from(q.after, 'base64url').toString()) || 0 : 0;
          const page = numbers.slice(start, start + limit);
          const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
          const more = start + limit < numbers.length;
          const fields = q.fields ? `fields=${encodeURIComponent(q.fields)}&` : '';
          return {
            data: page.map((n) => numberProfile(n, q.fields)),
            paging: {
              cursors: { before: cursor(start), after: cursor(start + limit) },
              ...(more
                ? {
                    next: `${ctx.config.publicUrl}/${version}/${wabaId}/phone_numbers?${fields}limit=${limit}&after=${cursor(start + limit)}`,
                  }
                : {}),
            },
          };
        },
      );
    },
  );
}
