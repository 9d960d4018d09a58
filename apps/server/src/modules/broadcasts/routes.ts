import type { FastifyRequest } from 'fastify';
import {
  BROADCAST_LIMITS,
  BROADCAST_MESSAGES,
  broadcastCreateBodySchema,
  broadcastExampleQuerySchema,
  broadcastIdParamsSchema,
  broadcastListQuerySchema,
  broadcastListSchema,
  broadcastRecipientListSchema,
  broadcastRecipientsQuerySchema,
  broadcastSchema,
  broadcastCountsSchema,
  broadcastStatusQuerySchema,
  recipientCheckBodySchema,
  recipientCheckFormSchema,
  recipientCheckResultSchema,
} from '@sapa/contracts';
import { callerOf, principalOf } from '../../http/authenticate.js';
import { sendSheet } from '../../http/download.js';
import { errorResponses } from '../../http/error-responses.js';
import { badRequest } from '../../http/errors.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { BroadcastControlService } from './control.service.js';
import { BroadcastResultsService } from './results.service.js';
import { BroadcastsService, type CheckSource } from './service.js';
import { readMultipartFile } from '../../http/multipart.js';

/** Multipart: the form fields (sent before the file) and the file's bytes. */
async function multipartCheck(request: FastifyRequest) {
  const file = await readMultipartFile(request, {
    maxBytes: BROADCAST_LIMITS.fileBytes,
    tooLarge: BROADCAST_MESSAGES.fileTooLarge,
  });
  const parsed = recipientCheckFormSchema.safeParse(file.fields);
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0]?.message ?? 'Invalid form',
      'VALIDATION',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  const bytes = await file.bytes();
  const source: CheckSource = { type: 'file', bytes };
  return { input: parsed.data, source };
}

/** /api/broadcasts and /api/broadcastrecipients (spec §7): the wizard, the list and results. */
export function broadcastsRoutes(app: App, { deps }: ModuleContext): void {
  const broadcasts = new BroadcastsService(deps);
  const results = new BroadcastResultsService(deps);
  const control = new BroadcastControlService(deps);
  const tags = ['broadcasts'];
  const read = { action: 'broadcasts.read' } as const;
  const params = broadcastIdParamsSchema;

  // JSON (pasted text, contact groups) or multipart (an uploaded CSV/XLSX): the body is parsed
  // here with the contract because the route takes both encodings.
  app.post(
    '/api/broadcasts/recipients/check',
    {
      config: { action: 'broadcasts.create', scope: 'broadcasts:write' },
      bodyLimit: BROADCAST_LIMITS.pasteChars + 64 * 1024,
      schema: {
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: recipientCheckResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = callerOf(request);
      if (request.isMultipart()) {
        const { input, source } = await multipartCheck(request);
        return broadcasts.check(principal, input, source);
      }
      const body = recipientCheckBodySchema.safeParse(request.body);
      if (!body.success)
        throw badRequest(
          body.error.issues[0]?.message ?? 'Invalid body',
          'VALIDATION',
          body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      return broadcasts.check(principal, body.data, body.data.source);
    },
  );

  app.get(
    '/api/broadcasts/example.xlsx',
    {
      config: read,
      schema: {
        tags,
        description: "An Excel example with the template's recipient columns and two rows.",
        querystring: broadcastExampleQuerySchema,
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        'xlsx',
        await results.example(principalOf(request), request.query.templateId),
      ),
  );

  app.post(
    '/api/broadcasts',
    {
      config: { action: 'broadcasts.create', scope: 'broadcasts:write' },
      schema: {
        tags,
        body: broadcastCreateBodySchema,
        response: { 201: broadcastSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await broadcasts.create(callerOf(request), request.body)),
  );

  app.get(
    '/api/broadcasts',
    {
      config: { ...read, scope: 'broadcasts:read' },
      schema: {
        tags,
        querystring: broadcastListQuerySchema,
        response: { 200: broadcastListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => results.list(callerOf(request), request.query),
  );

  app.get(
    '/api/broadcasts/:id',
    {
      config: { ...read, scope: 'broadcasts:read' },
      schema: {
        tags,
        params,
        response: { 200: broadcastSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => broadcasts.get(callerOf(request), request.params.id),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/api/broadcasts/:id/rejected.${format}`,
      {
        config: read,
        schema: { tags, params, description: 'Rows that failed validation, with the reason.' },
      },
      async (request, reply) =>
        sendSheet(
          reply,
          format,
          await results.rejectedFile(principalOf(request), request.params.id, format),
        ),
    );
    app.get(
      `/api/broadcasts/:id/export.${format}`,
      {
        config: read,
        schema: { tags, params, description: "Every recipient's status, times and error." },
      },
      async (request, reply) =>
        sendSheet(
          reply,
          format,
          await results.exportResults(principalOf(request), request.params.id, format),
        ),
    );
  }
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(
      `/api/broadcasts/:id/${action}`,
      {
        config: { action: 'broadcasts.control', scope: 'broadcasts:write' },
        schema: {
          tags,
          params,
          response: { 200: broadcastSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => control.run(callerOf(request), request.params.id, action),
    );
  }

  app.get(
    '/api/broadcastrecipients',
    {
      config: { ...read, scope: 'broadcasts:read' },
      schema: {
        tags,
        querystring: broadcastRecipientsQuerySchema,
        response: { 200: broadcastRecipientListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => results.recipients(callerOf(request), request.query),
  );

  app.get(
    '/api/broadcastrecipients/status',
    {
      config: { ...read, scope: 'broadcasts:read' },
      schema: {
        tags,
        querystring: broadcastStatusQuerySchema,
        response: { 200: broadcastCountsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => results.counts(callerOf(request), request.query.broadcastId),
  );
}
