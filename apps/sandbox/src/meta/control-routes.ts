import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { parseOrThrow } from '../control/routes.js';
import { openEventStream, writeEvent } from '../events.js';
import { GraphError, invalidParameter } from '../graph/errors.js';
import { newGraphObjectId, newScopedUserId, newToken } from '../ids.js';
import {
  customerActionBody,
  echoBody,
  eventsQuery,
  instagramBody,
  newCustomerBody,
  pageBody,
  patchCustomerBody,
  rotateBody,
  sentQuery,
  storyBody,
  subscriptionBody,
  type FileInput,
} from './control-schemas.js';
import type { CustomerAction, FileKind } from './customer-actions.js';
import { PAGE_FIELDS } from './graph-routes.js';
import type { MetaPlatform } from './payloads.js';
import { DEFAULT_PAGE_FIELDS, DEMO_STORY_CAPTION } from './seed.js';
import type { InstagramAccount, MetaCustomer, Page } from './store.js';

const notFound = (what: string) => new GraphError(404, 100, what);

export function kindOf(mimeType: string): FileKind {
  const top = mimeType.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'file';
}

function presentInstagram(account: InstagramAccount) {
  return {
    instagramAccountId: account.igId,
    username: account.username,
    name: account.name,
    pageId: account.pageId,
    story: account.story,
  };
}

/** Tokens are shown on purpose: the tester copies them into Sapa's connect form. */
function presentPage(ctx: SandboxContext, page: Page) {
  const ig = page.instagramAccountId
    ? ctx.meta.store.getInstagramAccount(page.instagramAccountId)
    : undefined;
  return {
    pageId: page.pageId,
    name: page.name,
    category: page.category,
    accessToken: page.accessToken,
    subscribed: !!page.subscription,
    subscribedFields: page.subscription?.fields ?? [],
    instagramAccount: ig ? presentInstagram(ig) : null,
  };
}

function presentCustomer(c: MetaCustomer) {
  const { messages: _messages, avatarAssetId: _avatar, ...rest } = c;
  return rest;
}

function checkFields(fields: string[]): string[] {
  const unknown = fields.find((f) => !(PAGE_FIELDS as readonly string[]).includes(f));
  if (unknown) throw invalidParameter(`(#100) Unknown webhook field ${unknown}`);
  return fields;
}

/** Test and customer-page controls for Messenger and Instagram (README: Messenger / Instagram). */
export function registerMetaControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, engine } = ctx.meta;

  const page = (pageId: string) => {
    const found = store.getPage(pageId);
    if (!found) throw notFound(`Unknown Page ${pageId}`);
    return found;
  };
  const platformOf = (value: string): MetaPlatform => {
    if (value === 'messenger' || value === 'instagram') return value;
    throw notFound(`Unknown app ${value}: messenger or instagram`);
  };
  const account = (platformParam: string, accountId: string) => {
    const platform = platformOf(platformParam);
    if (!store.accountExists(platform, accountId))
      throw notFound(
        `Unknown ${platform === 'messenger' ? 'Page' : 'Instagram account'} ${accountId}`,
      );
    return platform;
  };
  const userIdOf = (value: string) => {
    if (!/^\d{5,20}$/.test(value))
      throw invalidParameter('(#100) The customer id must be 5–20 digits');
    return value;
  };
  const existing = (accountId: string, userId: string) => {
    const found = store.findCustomer(accountId, userIdOf(userId));
    if (!found) throw notFound(`No customer ${userId} has written to ${accountId}`);
    return found;
  };
  const asset = (input: FileInput) => {
    const stored = input.assetId
      ? store.getAsset(input.assetId)
      : store.putAsset({
          bytes: Buffer.from(input.data ?? '', 'base64'),
          mimeType: input.mime_type ?? 'application/octet-stream',
          filename: input.filename,
        });
    if (!stored) throw invalidParameter(`(#100) Unknown upload ${input.assetId}`);
    return { kind: input.kind ?? kindOf(stored.mimeType), asset: stored };
  };

  app.get('/sandbox/pages', () => ({ data: store.listPages().map((p) => presentPage(ctx, p)) }));

  app.post('/sandbox/pages', (request, reply) => {
    const body = parseOrThrow(pageBody, request.body);
    const created = store.addPage({
      pageId: body.pageId ?? newGraphObjectId().slice(0, 15),
      name: body.name,
      accessToken: body.accessToken ?? `sandbox-page-${newToken()}`,
      category: body.category,
      subscribedFields:
        body.subscribe || body.subscribedFields
          ? checkFields(body.subscribedFields ?? DEFAULT_PAGE_FIELDS)
          : undefined,
    });
    return reply.code(201).send(presentPage(ctx, created));
  });

  app.get('/sandbox/instagram-accounts', () => ({
    data: store.listInstagramAccounts().map(presentInstagram),
  }));

  app.post('/sandbox/instagram-accounts', (request, reply) => {
    const body = parseOrThrow(instagramBody, request.body);
    const name = body.name ?? body.username;
    const linked =
      body.pageId && store.getPage(body.pageId)
        ? page(body.pageId)
        : store.addPage({
            pageId: body.pageId ?? newGraphObjectId().slice(0, 15),
            name: body.pageName ?? `${name} Instagram`,
            accessToken: body.pageAccessToken ?? `sandbox-page-${newToken()}`,
          });
    if (body.subscribe) linked.subscription = { fields: DEFAULT_PAGE_FIELDS, at: ctx.clock.now() };
    const created = store.addInstagramAccount({
      igId: body.instagramAccountId ?? `1784${newGraphObjectId().slice(0, 13)}`,
      username: body.username,
      name,
      pageId: linked.pageId,
    });
    engine.postStory(created.igId, DEMO_STORY_CAPTION);
    return reply
      .code(201)
      .send({ ...presentInstagram(created), pageAccessToken: linked.accessToken });
  });

  // A new token replaces the old one, which then answers 190 (as after a password change).
  app.post<{ Params: { pageId: string } }>('/sandbox/pages/:pageId/rotate-token', (request) => {
    const target = page(request.params.pageId);
    const body = parseOrThrow(rotateBody, request.body ?? {});
    if (target.accessToken) target.deadTokens.push(target.accessToken);
    target.accessToken = body.accessToken ?? `sandbox-page-${newToken()}`;
    return { pageId: target.pageId, accessToken: target.accessToken };
  });

  app.post<{ Params: { pageId: string } }>('/sandbox/pages/:pageId/revoke-token', (request) => {
    const target = page(request.params.pageId);
    if (target.accessToken) target.deadTokens.push(target.accessToken);
    target.accessToken = null;
    return { pageId: target.pageId, revoked: true };
  });

  app.post<{ Params: { pageId: string } }>('/sandbox/pages/:pageId/subscription', (request) => {
    const target = page(request.params.pageId);
    const body = parseOrThrow(subscriptionBody, request.body ?? {});
    target.subscription = {
      fields: checkFields(body.fields ?? DEFAULT_PAGE_FIELDS),
      at: ctx.clock.now(),
    };
    return presentPage(ctx, target);
  });
  app.delete<{ Params: { pageId: string } }>('/sandbox/pages/:pageId/subscription', (request) => {
    const target = page(request.params.pageId);
    target.subscription = null;
    return presentPage(ctx, target);
  });

  app.get<{ Params: { pageId: string } }>('/sandbox/pages/:pageId/sent', (request) => {
    const target = page(request.params.pageId);
    const q = parseOrThrow(sentQuery, request.query);
    return {
      data: store
        .sent(target.pageId)
        .filter(
          (r) =>
            (!q.recipient || r.recipientId === q.recipient) &&
            (!q.accepted || r.accepted === (q.accepted === 'true')) &&
            (q.since === undefined || r.seq > q.since),
        ),
    };
  });

  app.post<{ Params: { igId: string } }>('/sandbox/instagram/:igId/story', (request, reply) => {
    const body = parseOrThrow(storyBody, request.body ?? {});
    const story = engine.postStory(request.params.igId, body.caption ?? DEMO_STORY_CAPTION);
    if (!story) throw notFound(`Unknown Instagram account ${request.params.igId}`);
    return reply.code(201).send(story);
  });

  type CustomerParams = { platform: string; accountId: string; userId: string };

  // Someone Meta knows but who never wrote (e.g. commented on a post): no profile consent yet.
  app.post<{ Params: Omit<CustomerParams, 'userId'> }>(
    '/sandbox/:platform/:accountId/customers',
    (request, reply) => {
      const platform = account(request.params.platform, request.params.accountId);
      const body = parseOrThrow(newCustomerBody, request.body ?? {});
      const customer = store.customer(
        platform,
        request.params.accountId,
        body.userId ?? newScopedUserId(),
        body,
      );
      return reply.code(201).send(presentCustomer(customer));
    },
  );

  app.get<{ Params: CustomerParams }>(
    '/sandbox/:platform/:accountId/customers/:userId',
    (request) => {
      account(request.params.platform, request.params.accountId);
      const customer = existing(request.params.accountId, request.params.userId);
      return { ...presentCustomer(customer), messages: customer.messages };
    },
  );

  app.patch<{ Params: CustomerParams }>(
    '/sandbox/:platform/:accountId/customers/:userId',
    (request) => {
      account(request.params.platform, request.params.accountId);
      const customer = existing(request.params.accountId, request.params.userId);
      const body = parseOrThrow(patchCustomerBody, request.body);
      if (body.name) customer.name = body.name;
      if (body.username) customer.username = body.username;
      if (body.available !== undefined) customer.available = body.available;
      if (body.lastInboundAt !== undefined) customer.lastInboundAt = body.lastInboundAt;
      if (body.lastInboundAgo) {
        const { days = 0, hours = 0, minutes = 0 } = body.lastInboundAgo;
        customer.lastInboundAt = ctx.clock.now() - ((days * 24 + hours) * 60 + minutes) * 60_000;
      }
      return presentCustomer(customer);
    },
  );

  app.post<{ Params: CustomerParams }>(
    '/sandbox/:platform/:accountId/customers/:userId/messages',
    (request, reply) => {
      const platform = account(request.params.platform, request.params.accountId);
      const userId = userIdOf(request.params.userId);
      const body = parseOrThrow(customerActionBody, request.body);
      const { accountId } = request.params;
      if (body.type === 'read') {
        const read = engine.customerReads(existing(accountId, userId));
        return reply.code(201).send({
          deliveryId: read?.delivery?.id ?? null,
          ...(read?.skipped ? { skipped: read.skipped } : {}),
        });
      }
      const action: CustomerAction =
        body.type === 'attachment'
          ? {
              type: 'attachment',
              attachments: body.attachments.map((a) => {
                const { kind, asset: stored } = asset(a);
                return { kind, assetId: stored.id };
              }),
            }
          : body;
      const outcome = engine.customerActs(platform, accountId, userId, action, {
        name: body.name,
        username: body.username,
        timestampMs: body.timestamp,
        standby: body.standby,
      });
      return reply.code(201).send({
        mid: outcome.mid,
        deliveryId: outcome.delivery?.id ?? null,
        ...(outcome.skipped ? { skipped: outcome.skipped } : {}),
        message: outcome.message,
      });
    },
  );

  // "Reply from Meta's app": the Page itself answers (a message or a reaction); Sapa only hears
  // of it as an echo.
  app.post<{ Params: CustomerParams }>(
    '/sandbox/:platform/:accountId/customers/:userId/echo',
    (request, reply) => {
      account(request.params.platform, request.params.accountId);
      const customer = existing(request.params.accountId, request.params.userId);
      const body = parseOrThrow(echoBody, request.body);
      if (body.reaction) {
        const { mid, emoji } = body.reaction;
        const reacted = engine.reactFromMetaApp(customer, mid, emoji || null);
        if (!reacted) throw notFound(`No message ${mid} in this conversation`);
        return reply.code(201).send({
          mid,
          deliveryId: reacted.delivery?.id ?? null,
          ...(reacted.skipped ? { skipped: reacted.skipped } : {}),
        });
      }
      const file = body.attachment ? asset(body.attachment) : undefined;
      const outcome = engine.replyFromMetaApp(customer, {
        text: body.text,
        attachment: file
          ? {
              type: file.kind,
              assetId: file.asset.id,
              mimeType: file.asset.mimeType,
              filename: file.asset.filename,
            }
          : undefined,
      });
      return reply.code(201).send({
        mid: outcome.message.mid,
        deliveryId: outcome.delivery?.id ?? null,
        ...(outcome.skipped ? { skipped: outcome.skipped } : {}),
        message: outcome.message,
      });
    },
  );

  // The customer page's uploads: photos and files to send as the customer.
  app.post('/sandbox/meta/uploads', async (request, reply) => {
    const file = request.isMultipart() ? await request.file() : undefined;
    if (!file) throw invalidParameter('(#100) A multipart file is required');
    const stored = store.putAsset({
      bytes: await file.toBuffer(),
      mimeType: file.mimetype || 'application/octet-stream',
      filename: file.filename || undefined,
    });
    return reply.code(201).send({
      assetId: stored.id,
      kind: kindOf(stored.mimeType),
      mime_type: stored.mimeType,
      size: stored.bytes.length,
      filename: stored.filename,
    });
  });

  // Bytes as the customer's own app shows them (no expiry: this is the device, not the CDN).
  app.get<{ Params: { id: string } }>('/sandbox/meta/assets/:id', (request, reply) => {
    const stored = store.getAsset(request.params.id);
    if (!stored) return reply.code(404).send({ error: { message: 'No such file' } });
    return reply
      .header('content-type', stored.mimeType)
      .header('cache-control', 'private, max-age=3600')
      .send(stored.bytes);
  });

  app.get('/sandbox/meta/events', (request, reply) => {
    const q = parseOrThrow(eventsQuery, request.query);
    const ig = store.getInstagramAccount(q.account);
    const fb = store.getPage(q.account);
    if (!ig && !fb) throw notFound(`Unknown Page or Instagram account ${q.account}`);
    const platform: MetaPlatform = ig ? 'instagram' : 'messenger';
    const customer = store.findCustomer(q.account, q.customer);
    const res = openEventStream(reply);
    writeEvent(res, {
      type: 'snapshot',
      data: {
        platform,
        business: ig ? { name: ig.name, username: ig.username } : { name: fb!.name },
        subscribed: !!store.pageFor(platform, q.account)?.subscription,
        story: ig?.story ?? null,
        customer: customer ? presentCustomer(customer) : null,
        messages: customer?.messages ?? [],
      },
    });
    const unsubscribe = ctx.events.subscribe(q.account, q.customer, res);
    request.raw.on('close', unsubscribe);
    // An open thread is a read thread.
    if (customer) engine.customerReads(customer);
  });
}
