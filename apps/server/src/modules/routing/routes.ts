import {
  handoverSettingsSchema,
  presenceListSchema,
  presenceSchema,
  setPresenceBodySchema,
  updateHandoverSettingsBodySchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { greetingRoutes } from './greeting.routes.js';
import { HandoverSettingsService } from './handover.service.js';
import { PresenceService } from './presence.service.js';

/** Presence, the routing settings (`/api/settings/handover`) and the greeting. */
export function routingRoutes(app: App, ctx: ModuleContext): void {
  const { deps } = ctx;
  const presence = new PresenceService(deps);
  const handover = new HandoverSettingsService(deps);
  greetingRoutes(app, ctx);

  app.get(
    '/api/presence',
    {
      config: { apiOnlyAllowed: true, action: 'presence.read' },
      schema: {
        tags: ['routing'],
        response: { 200: presenceListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await presence.list(principalOf(request)) }),
  );

  app.post(
    '/api/presence',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'presence.update' },
      schema: {
        tags: ['routing'],
        body: setPresenceBodySchema,
        response: { 200: presenceSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => presence.set(principalOf(request), request.body.status),
  );

  app.get(
    '/api/settings/handover',
    {
      config: { action: 'settings.read' },
      schema: {
        tags: ['routing'],
        response: { 200: handoverSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => handover.get(principalOf(request).accountId),
  );

  app.post(
    '/api/settings/handover',
    {
      config: { idempotent: false, action: 'settings.write' },
      schema: {
        tags: ['routing'],
        body: updateHandoverSettingsBodySchema,
        response: { 200: handoverSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => handover.update(principalOf(request).accountId, request.body),
  );
}
