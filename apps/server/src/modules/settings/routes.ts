import {
  enableAiResponseSchema,
  settingKeyParamsSchema,
  settingsListSchema,
  settingValueSchema,
  updateSettingsBodySchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { SettingsService } from './service.js';

/** Account settings (§3 keys) and the AI flag. Everyone in the account reads; the admin writes. */
export function settingsRoutes(app: App, { deps }: ModuleContext): void {
  const settings = new SettingsService(deps);

  app.get(
    '/api/settings',
    {
      config: { apiOnlyAllowed: true, action: 'settings.read' },
      schema: {
        tags: ['settings'],
        response: { 200: settingsListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await settings.list(principalOf(request).accountId) }),
  );

  app.get(
    '/api/settings/:key',
    {
      config: { apiOnlyAllowed: true, action: 'settings.read' },
      schema: {
        tags: ['settings'],
        params: settingKeyParamsSchema,
        response: { 200: settingValueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => settings.get(principalOf(request).accountId, request.params.key),
  );

  app.post(
    '/api/settings',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'settings.write' },
      schema: {
        tags: ['settings'],
        body: updateSettingsBodySchema,
        response: { 200: settingsListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await settings.update(principalOf(request).accountId, request.body.settings),
    }),
  );

  app.get(
    '/api/ai/enable_ai',
    {
      config: { apiOnlyAllowed: true, action: 'settings.read' },
      schema: {
        tags: ['settings'],
        response: { 200: enableAiResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ value: await settings.aiEnabled(principalOf(request).accountId) }),
  );
}
