import { renderTemplate, type RenderedTemplate } from './render.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { parseOrThrow } from '../control/routes.js';
import { graphCall } from '../graph/call.js';
import { GraphError } from '../graph/errors.js';
import type { BusinessNumber } from '../store.js';
import { expectedParams, TemplateBook, type SandboxTemplate } from './book.js';
import {
  checkComponents,
  createTemplateSchema,
  editTemplateSchema,
  templateParamError,
} from './meta-schema.js';
import { TemplateReviewer } from './review.js';
import { HeaderUploads, registerUploadRoutes, uploadFileCall } from './uploads.js';

interface Templates {
  book: TemplateBook;
  reviewer: TemplateReviewer;
  uploads: HeaderUploads;
}

// The context type belongs to the app; templates hang off it here without widening it.
const byContext = new WeakMap<SandboxContext, Templates>();

export function templatesOf(ctx: SandboxContext): Templates {
  const t = byContext.get(ctx);
  if (!t) throw new Error('registerTemplateRoutes has not run for this sandbox');
  return t;
}

type WabaParams = { version: string; wabaId: string };

const settingsSchema = z.object({
  delayMs: z.number().int().min(0).max(600_000).optional(),
  bannedWords: z.array(z.string().trim().toLowerCase().min(1)).max(100).optional(),
  autoReview: z.boolean().optional(),
});
const verdictSchema = z.object({
  event: z.enum(['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED']),
  reason: z.string().min(1).max(100).optional(),
});

function present(t: SandboxTemplate) {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    ...(t.status === 'REJECTED' ? { rejected_reason: t.rejectedReason } : {}),
    parameter_format: 'POSITIONAL',
    components: t.components,
  };
}

/**
 * A template send checked like Meta: the WABA must have the template APPROVED in that language
 * (132001), and the body and header must carry as many parameters as it has variables (132000).
 */
export function checkTemplateSend(
  ctx: SandboxContext,
  number: BusinessNumber,
  send: { name: string; language: { code: string }; components?: unknown[] | undefined },
): RenderedTemplate {
  const t = templatesOf(ctx).book.find(number.wabaId, send.name, send.language.code);
  if (!t || t.status !== 'APPROVED')
    throw new GraphError(404, 132001, 'Template name does not exist in the translation', {
      details: `template name (${send.name}) does not exist in ${send.language.code}`,
    });
  const want = expectedParams(t);
  const given = (type: string) =>
    ((send.components ?? []) as { type?: string; parameters?: unknown[] }[])
      .filter((c) => c.type?.toLowerCase() === type)
      .reduce((n, c) => n + (c.parameters?.length ?? 0), 0);
  for (const part of ['header', 'body'] as const) {
    if (given(part) !== want[part])
      throw new GraphError(
        400,
        132000,
        'Number of parameters does not match the expected number of params',
        {
          details: `${part}: number of localizable_params (${given(part)}) does not match the expected number of params (${want[part]})`,
        },
      );
  }
  return renderTemplate(t, send);
}

/** Meta's template endpoints on a WABA, plus /sandbox controls for the fake review. */
export function registerTemplateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const book = new TemplateBook(() => ctx.clock.now(), ctx.config.seed);
  const reviewer = new TemplateReviewer(ctx, book, {
    delayMs: ctx.config.templateReviewMs ?? 1500,
    bannedWords: ctx.config.templateBannedWords ?? ['forbidden'],
    autoReview: true,
  });
  const uploads = new HeaderUploads();
  byContext.set(ctx, { book, reviewer, uploads });
  registerUploadRoutes(app, ctx, uploads);
  const knownHandle = (h: string) => uploads.fileTypeOf(h);
  // /sandbox/reset re-seeds through ctx.seed: templates start over with the numbers.
  const seed = ctx.seed;
  ctx.seed = () => {
    seed();
    book.reset();
    uploads.reset();
  };
  app.addHook('onClose', async () => reviewer.close());

  // Any number of the WABA lends its token to the WABA's calls.
  const wabaNumber = (wabaId: string, token: string) =>
    ctx.store.numbersOfWaba(wabaId).find((n) => n.accessToken === token);
  // A call on the WABA the path names, made with the token of one of its numbers.
  const wabaCall = ({ version, wabaId }: WabaParams) => ({
    endpoint: 'other' as const,
    version,
    objectId: wabaId,
    resolveNumber: (token: string) => wabaNumber(wabaId, token),
  });

  app.post<{ Params: WabaParams }>('/:version/:wabaId/message_templates', (request, reply) =>
    graphCall(ctx, request, reply, wabaCall(request.params), () => {
      const parsed = createTemplateSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw templateParamError(parsed.error);
      const body = parsed.data;
      checkComponents(body.components, knownHandle);
      if (book.find(request.params.wabaId, body.name, body.language))
        throw new GraphError(400, 100, 'Invalid parameter', {
          subcode: 2388024,
          details: `Content in this language already exists: ${body.name} (${body.language})`,
        });
      const t = book.add({
        wabaId: request.params.wabaId,
        name: body.name,
        language: body.language,
        category: body.category,
        components: body.components,
      });
      reviewer.submitted(t);
      return { id: t.id, status: t.status, category: t.category };
    }),
  );

  app.get<{ Params: WabaParams; Querystring: { name?: string; limit?: string; after?: string } }>(
    '/:version/:wabaId/message_templates',
    (request, reply) =>
      graphCall(ctx, request, reply, wabaCall(request.params), () => {
        const q = request.query;
        const all = book
          .list(request.params.wabaId)
          .filter((t) => !q.name || t.name.includes(q.name));
        const limit = Math.min(Math.max(Number(q.limit) || 25, 1), 100);
        const start = q.after ? Number(Buffer.from(q.after, 'base64url').toString()) || 0 : 0;
        const page = all.slice(start, start + limit);
        const next = start + limit < all.length;
        const cursor = Buffer.from(String(start + limit)).toString('base64url');
        return {
          data: page.map(present),
          paging: {
            cursors: { before: '', after: cursor },
            ...(next
              ? {
                  next: `${ctx.config.publicUrl}/${request.params.version}/${request.params.wabaId}/message_templates?limit=${limit}&after=${cursor}`,
                }
              : {}),
          },
        };
      }),
  );

  app.delete<{ Params: WabaParams; Querystring: { name?: string; hsm_id?: string } }>(
    '/:version/:wabaId/message_templates',
    (request, reply) =>
      graphCall(ctx, request, reply, wabaCall(request.params), () => {
        const { name, hsm_id: id } = request.query;
        if (!name) throw new GraphError(400, 100, '(#100) The parameter name is required.');
        if (!book.remove(request.params.wabaId, name, id))
          throw new GraphError(404, 100, 'Message template not found', {
            subcode: 2593002,
            details: `No template named ${name} in this WhatsApp Business Account.`,
          });
        return { success: true };
      }),
  );

  // Edit: Meta takes new components for an APPROVED, REJECTED or PAUSED template and reviews again.
  app.post<{ Params: { version: string; id: string } }>('/:version/:id', (request, reply) => {
    if (request.params.id.startsWith('upload:'))
      return uploadFileCall(ctx, uploads, request, reply);
    const t = book.get(request.params.id);
    return graphCall(
      ctx,
      request,
      reply,
      {
        endpoint: 'other',
        version: request.params.version,
        objectId: request.params.id,
        resolveNumber: (token) => (t ? wabaNumber(t.wabaId, token) : undefined),
      },
      () => {
        if (!t) throw new GraphError(404, 100, 'Message template not found');
        if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(t.status))
          throw new GraphError(400, 100, 'Invalid parameter', {
            subcode: 2388025,
            details: `A template in status ${t.status} cannot be edited.`,
          });
        const parsed = editTemplateSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw templateParamError(parsed.error);
        checkComponents(parsed.data.components, knownHandle);
        t.components = parsed.data.components;
        if (parsed.data.category) t.category = parsed.data.category;
        t.status = 'PENDING';
        t.rejectedReason = 'NONE';
        reviewer.submitted(t);
        return { success: true };
      },
    );
  });

  // GET /{template-id}: the graph module owns GET /:version/:id (media, numbers); answer here
  // first when the id is one of ours.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== '/:version/:id') return;
    const { version, id } = request.params as { version: string; id: string };
    const t = book.get(id);
    if (!t) return;
    await graphCall(
      ctx,
      request,
      reply,
      {
        endpoint: 'other',
        version,
        objectId: id,
        resolveNumber: (token) => wabaNumber(t.wabaId, token),
      },
      () => present(t),
    );
    return reply;
  });

  app.get<{ Querystring: { wabaId?: string } }>('/sandbox/templates', (request) => ({
    data: (request.query.wabaId ? book.list(request.query.wabaId) : book.all()).map((t) => ({
      ...present(t),
      waba_id: t.wabaId,
    })),
  }));
  app.get('/sandbox/templates/review', () => reviewer.settings);
  app.put('/sandbox/templates/review', (request) => {
    const body = parseOrThrow(settingsSchema, request.body ?? {});
    reviewer.settings = { ...reviewer.settings, ...body };
    return reviewer.settings;
  });
  app.post<{ Params: { id: string } }>('/sandbox/templates/:id/verdict', (request, reply) => {
    const body = parseOrThrow(verdictSchema, request.body ?? {});
    const t = book.get(request.params.id);
    if (!t) return reply.code(404).send({ error: { message: 'No such template' } });
    reviewer.apply(t, { event: body.event, reason: body.reason ?? 'NONE' });
    return present(t);
  });
}
