import {
  okSchema,
  templateCountSchema,
  templateIdParamsSchema,
  templateInputSchema,
  templateListQuerySchema,
  templateListSchema,
  templateOptionsSchema,
  templateSchema,
  templateWelcomeBodySchema,
  templateWelcomeSchema,
  TEMPLATE_CATEGORIES,
  TEMPLATE_HEADER_TYPES,
  TEMPLATE_LANGUAGES,
} from '@sapa/contracts';
import { callerOf, principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { TemplatesService } from './service.js';

const HEADER_LABELS: Record<(typeof TEMPLATE_HEADER_TYPES)[number], string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  document: 'Document',
};
const CATEGORY_LABELS: Record<(typeof TEMPLATE_CATEGORIES)[number], string> = {
  MARKETING: 'Marketing',
  UTILITY: 'Utility',
  AUTHENTICATION: 'Authentication',
};

/**
 * /api/hsm (spec §7 "hsm*"): every role reads templates (agents send accepted ones when a
 * conversation's window has closed); managers write, publish and delete them.
 */
export function templatesRoutes(app: App, { deps }: ModuleContext): void {
  const templates = new TemplatesService(deps);
  const tags = ['templates'];
  const read = { action: 'templates.read' } as const;
  const manage = { action: 'templates.manage' } as const;
  const params = templateIdParamsSchema;
  const options = (data: { value: string; label: string }[]) => ({
    config: read,
    schema: { tags, response: { 200: templateOptionsSchema, ...errorResponses(401, 403) } },
    handler: async () => ({ data }),
  });

  app.get('/api/hsm', {
    config: { ...read, scope: 'templates:read' },
    schema: {
      tags,
      querystring: templateListQuerySchema,
      response: { 200: templateListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => templates.list(callerOf(request), request.query),
  });

  app.get('/api/hsm/count', {
    config: { ...read, scope: 'templates:read' },
    schema: { tags, response: { 200: templateCountSchema, ...errorResponses(401, 403) } },
    handler: async (request) => templates.count(callerOf(request)),
  });

  app.get(
    '/api/hsm/categories',
    options(TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))),
  );
  app.get(
    '/api/hsm/header-types',
    options(TEMPLATE_HEADER_TYPES.map((h) => ({ value: h, label: HEADER_LABELS[h] }))),
  );
  app.get(
    '/api/hsm/languages',
    options(TEMPLATE_LANGUAGES.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))),
  );

  app.get('/api/hsm/welcome', {
    config: read,
    schema: { tags, response: { 200: templateWelcomeSchema, ...errorResponses(401, 403) } },
    handler: async (request) => templates.welcome(principalOf(request)),
  });

  app.post('/api/hsm/welcome', {
    config: manage,
    schema: {
      tags,
      body: templateWelcomeBodySchema,
      response: { 200: templateWelcomeSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => templates.setWelcome(principalOf(request), request.body.templateId),
  });

  app.get('/api/hsm/:id', {
    config: { ...read, scope: 'templates:read' },
    schema: {
      tags,
      params,
      response: { 200: templateSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => templates.get(callerOf(request), request.params.id),
  });

  app.post('/api/hsm', {
    config: { ...manage, scope: 'templates:write' },
    schema: {
      tags,
      body: templateInputSchema,
      response: { 201: templateSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await templates.create(callerOf(request), request.body)),
  });

  app.put('/api/hsm/:id', {
    config: { ...manage, scope: 'templates:write' },
    schema: {
      tags,
      params,
      body: templateInputSchema,
      response: { 200: templateSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      templates.update(callerOf(request), request.params.id, request.body),
  });

  app.delete('/api/hsm/:id', {
    config: { ...manage, scope: 'templates:write' },
    schema: {
      tags,
      params,
      response: { 200: okSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => templates.remove(callerOf(request), request.params.id),
  });

  // Meta's refusal answers 422 and an outage 502, both with Meta's words in `issues`.
  app.post('/api/hsm/:id/publish', {
    config: { ...manage, scope: 'templates:write' },
    schema: {
      tags,
      params,
      response: { 200: templateSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => templates.publish(callerOf(request), request.params.id),
  });
}
