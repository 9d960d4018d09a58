import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { text } from '@sapa/contracts';
import { z } from 'zod';
import { dispatchMetaWebhook } from '../../channels/meta-webhook.js';
import type { App } from '../../http/types.js';
import { ingestEvents } from '../inbox/index.js';
import type { ModuleContext } from '../registry.js';

const verifyQuery = z.object({
  'hub.mode': text().optional(),
  'hub.challenge': text().optional(),
  'hub.verify_token': text().optional(),
});

/** Meta's webhook endpoint (reference §1): handshake, then channels/meta-webhook.ts, durable ingest. */
export function webhookRoutes(app: App, { deps }: ModuleContext): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Keep the raw bytes: Meta signs them, not our re-serialisation.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.get(
      '/webhooks/meta',
      { config: { public: true }, schema: { hide: true, querystring: verifyQuery } },
      async (request, reply) => {
        const q = request.query;
        if (
          q['hub.mode'] === 'subscribe' &&
          q['hub.verify_token'] === deps.config.metaVerifyToken &&
          q['hub.challenge']
        ) {
          return reply.type('text/plain').send(q['hub.challenge']);
        }
        return reply
          .status(403)
          .send({ statusCode: 403, error: 'Forbidden', message: 'Verification failed' });
      },
    );

    scope.post(
      '/webhooks/meta',
      { config: { public: true }, schema: { hide: true } },
      async (request, reply) => {
        const result = dispatchMetaWebhook(
          deps.channels,
          {
            rawBody: request.body,
            signature: request.headers['x-hub-signature-256'] as string | undefined,
          },
          { appSecret: deps.config.metaAppSecret, now: deps.clock.now(), log: request.log },
        );
        if (result.outcome === 'unsigned')
          return reply
            .status(401)
            .send({ statusCode: 401, error: 'Unauthorized', message: 'Invalid signature' });
        if (result.outcome === 'malformed')
          return reply
            .status(400)
            .send({ statusCode: 400, error: 'Bad Request', message: 'Body is not JSON' });
        if (result.outcome === 'unhandled') return reply.status(200).send('EVENT_RECEIVED');

        const { provider, events } = result;
        // Meta's verdicts on WhatsApp templates go to their listener (templates); the rest to ingest.
        const changes = events.filter((e) => e.kind === 'template.status');
        if (changes.length) await deps.events.emit('template.status', { changes });
        const ingested = await ingestEvents(deps, provider, events);
        for (const e of ingested.notStored)
          request.log.info({ provider, kind: e.kind }, 'webhook event the inbox does not store');
        if (ingested.unknownChannels.length)
          request.log.warn(
            { unknown: ingested.unknownChannels },
            'webhook for unknown channel; acknowledged',
          );
        return reply.status(200).send('EVENT_RECEIVED');
      },
    );
  });
}
