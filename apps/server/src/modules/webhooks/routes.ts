import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { text } from '@sapa/contracts';
import { z } from 'zod';
import { verifyMetaSignature } from '../../channels/meta-signature.js';
import type { ProviderType } from '../../db/schema-messaging.js';
import type { App } from '../../http/types.js';
import { readWebhookJson } from '../../lib/strip-nul.js';
import { ingestEvents } from '../inbox/ingest.service.js';
import { handleTemplateStatusWebhook } from '../templates/status-sync.js';
import type { ModuleContext } from '../registry.js';

const verifyQuery = z.object({
  'hub.mode': text().optional(),
  'hub.challenge': text().optional(),
  'hub.verify_token': text().optional(),
});

// `object` of a Meta webhook → the adapter that understands it. Instagram ('instagram') and
// Messenger ('page') join here with their adapters.
const PROVIDER_BY_OBJECT: Record<string, ProviderType> = {
  whatsapp_business_account: 'whatsapp_cloud',
};

/** Meta's webhook endpoint (reference §1): handshake, signature over raw bytes, durable ingest. */
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
        const raw = request.body as Buffer;
        if (
          !Buffer.isBuffer(raw) ||
          !verifyMetaSignature(
            raw,
            request.headers['x-hub-signature-256'] as string | undefined,
            deps.config.metaAppSecret,
          )
        ) {
          return reply
            .status(401)
            .send({ statusCode: 401, error: 'Unauthorized', message: 'Invalid signature' });
        }
        let body: { object?: unknown };
        try {
          body = readWebhookJson(raw) as { object?: unknown };
        } catch {
          return reply
            .status(400)
            .send({ statusCode: 400, error: 'Bad Request', message: 'Body is not JSON' });
        }
        const provider =
          typeof body.object === 'string' ? PROVIDER_BY_OBJECT[body.object] : undefined;
        if (!provider) {
          request.log.warn(
            { object: body.object },
            'webhook for an object we do not handle; acknowledged',
          );
          return reply.status(200).send('EVENT_RECEIVED');
        }
        if (provider === 'whatsapp_cloud')
          await handleTemplateStatusWebhook(deps, body, request.log);
        const parsed = deps.channels.get(provider).parseWebhook(body);
        for (const i of parsed.ignored) request.log.info(i, 'webhook item ignored');
        const result = await ingestEvents(deps, provider, parsed.events);
        if (result.unknownChannels.length)
          request.log.warn(
            { unknown: result.unknownChannels },
            'webhook for unknown channel; acknowledged',
          );
        return reply.status(200).send('EVENT_RECEIVED');
      },
    );
  });
}
