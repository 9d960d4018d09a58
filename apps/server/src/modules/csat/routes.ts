import { csatAnswerBodySchema, csatTokenParamsSchema, publicCsatSchema } from '@sapa/contracts';
import { errorResponses } from '../../http/error-responses.js';
import { tooManyRequests } from '../../http/errors.js';
import type { App } from '../../http/types.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import type { ModuleContext } from '../registry.js';
import { PublicCsatService } from './public.service.js';

const MINUTE = 60_000;

/**
 * The public survey page's API. No sign-in: the token in the path is the key. Each address may
 * ask 60 times in 10 minutes (a shared office connection answering many surveys still fits);
 * guessing a 256-bit token is hopeless anyway, the limit keeps the endpoint from being a toy.
 */
export function csatPublicRoutes(app: App, { deps }: ModuleContext): void {
  const service = new PublicCsatService(deps);
  const limiter = new RateLimiter(deps, 'csatPage', {
    windowMs: 10 * MINUTE,
    lockAfter: 60,
    lockMs: 10 * MINUTE,
  });
  const admit = async (ip: string) => {
    const result = await limiter.hit(ip);
    if (!result.allowed) throw tooManyRequests(result.retryAfterMs);
  };
  const tags = ['csat'];

  app.get(
    '/api/public/csat/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description: 'A satisfaction survey as its public page shows it.',
        params: csatTokenParamsSchema,
        response: { 200: publicCsatSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await admit(request.ip);
      return service.get(request.params.token);
    },
  );

  app.post(
    '/api/public/csat/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'Answers a survey once: a rating from 1 to 5 and an optional comment. 409 when it was already answered, 410 when it expired (14 days after it was sent).',
        params: csatTokenParamsSchema,
        body: csatAnswerBodySchema,
        response: { 200: publicCsatSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => {
      await admit(request.ip);
      return service.answer(request.params.token, request.body);
    },
  );
}
