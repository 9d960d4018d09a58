import { pricingStandingSchema } from '@sapa/contracts';
import { principalOf } from '../../../http/authenticate.js';
import { errorResponses } from '../../../http/error-responses.js';
import type { App } from '../../../http/types.js';
import type { ModuleContext } from '../../registry.js';
import { pricingStanding } from './may-send.js';

/** The account's prices and sending state: the app shell's balance banner reads it. */
export function pricingRoutes(app: App, { deps }: ModuleContext): void {
  app.get(
    '/api/pricing/standing',
    {
      config: { apiOnlyAllowed: true, action: 'billing.read' },
      schema: {
        tags: ['billing'],
        response: { 200: pricingStandingSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => pricingStanding(deps, principalOf(request).accountId),
  );
}
