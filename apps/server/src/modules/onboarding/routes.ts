import { onboardingSchema } from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { onboardingOf } from './service.js';

/** GET /api/onboarding: the new business's setup checklist (admins). */
export function onboardingRoutes(app: App, { deps }: ModuleContext): void {
  app.get(
    '/api/onboarding',
    {
      config: { apiOnlyAllowed: true, action: 'onboarding.read' },
      schema: {
        tags: ['onboarding'],
        response: { 200: onboardingSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => onboardingOf(deps, principalOf(request).accountId),
  );
}
