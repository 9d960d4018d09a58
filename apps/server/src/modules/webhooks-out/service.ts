import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryListQuery,
  type WebhookEndpoint,
  type WebhookEndpointCreateBody,
  type WebhookEndpointUpdateBody,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { LEASE_SECONDS, deliver } from './dispatcher.js';
import { webhooksRepo, type AttemptRow, type DeliveryLogRow, type EndpointRow } from './repo.js';
import { interestFor } from './interest.js';
import { newWebhookSecret } from './signing.js';
import { resolveTarget } from './target.js';

const HOUR = 3_600_000;
const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
const DELIVERY_NOT_FOUND = 'Webhook delivery not found';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentEndpoint(row: EndpointRow, now: Date): WebhookEndpoint {
  const previous =
    row.previous_secret_expires_at && row.previous_secret_expires_at > now
      ? row.previous_secret_expires_at
      : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    disabledAt: iso(row.disabled_at),
    previousSecretExpiresAt: iso(previous),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function presentAttempt(a: AttemptRow): WebhookAttempt {
  return {
    attempt: a.attempt,
    at: a.at.toISOString(),
    requestHeaders: a.request_headers,
    responseStatus: a.response_status,
    responseBody: a.response_body,
    error: a.error,
    latencyMs: a.latency_ms,
    replay: a.replay,
  };
}

function presentDelivery(d: DeliveryLogRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: d.id,
    eventId: d.event_id,
    eventType: d.type,
    state: d.state,
    attempts: d.attempts,
    nextAttemptAt: iso(d.next_attempt_at),
    createdAt: d.created_at.toISOString(),
    deliveredAt: iso(d.delivered_at),
    requestBody: d.body,
    log: attempts.filter((a) => a.delivery_id === d.id).map(presentAttempt),
  };
}

/** The page cursor: the last row's creation time and id. */
const encodeKey = (d: DeliveryLogRow) =>
  Buffer.from(`${d.created_at.toISOString()}|${d.id}`).toString('base64url');
function decodeKey(key: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(key, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw badRequest('The startKey is not one this list gave');
  return { createdAt, id };
}

/** An account's outbound webhook endpoints: admins manage them and read their delivery log. */
export class WebhookEndpointsService {
  constructor(
    private readonly deps: Pick<
      Deps,
      'db' | 'pool' | 'clock' | 'config' | 'secrets' | 'log' | 'mailer'
    >,
  ) {}

  private async endpoint(accountId: string, id: string): Promise<EndpointRow> {
    const row = await webhooksRepo.find(this.deps.db, accountId, id);
    if (!row) throw notFound(ENDPOINT_NOT_FOUND);
    return row;
  }

  /** A URL Sapa may post to (SSRF guard, allow-list), or a 400 that says why not. */
  private async checkUrl(url: string): Promise<void> {
    const target = await resolveTarget(url, this.deps.config.webhooks.allowedPrivateHosts);
    if (!target.ok)
      throw badRequest(target.reason, 'WEBHOOK_URL_REFUSED', [
        { path: 'url', message: target.reason },
      ]);
  }

  async list(accountId: string): Promise<{ data: WebhookEndpoint[] }> {
    const now = this.deps.clock.now();
    const rows = await webhooksRepo.list(this.deps.db, accountId);
    return { data: rows.map((r) => presentEndpoint(r, now)) };
  }

  async get(accountId: string, id: string): Promise<WebhookEndpoint> {
    return presentEndpoint(await this.endpoint(accountId, id), this.deps.clock.now());
  }

  async create(
    accountId: string,
    body: WebhookEndpointCreateBody,
  ): Promise<WebhookEndpointWithSecret> {
    if ((await webhooksRepo.count(this.deps.db, accountId)) >= WEBHOOK_LIMITS.endpointsPerAccount)
      throw new AppError(
        409,
        `An account may have at most ${WEBHOOK_LIMITS.endpointsPerAccount} webhook endpoints`,
        'WEBHOOK_ENDPOINT_LIMIT',
      );
    await this.checkUrl(body.url);
    const secret = newWebhookSecret();
    const now = this.deps.clock.now();
    await webhooksRepo.markSweepStart(this.deps.db, accountId);
    const row = await webhooksRepo.insert(this.deps.db, {
      accountId,
      url: body.url,
      events: body.events,
      secretSealed: this.deps.secrets.seal(secret),
      now,
    });
    interestFor(this.deps).forget(accountId);
    return { ...presentEndpoint(row, now), secret };
  }

  async update(
    accountId: string,
    id: string,
    body: WebhookEndpointUpdateBody,
  ): Promise<WebhookEndpoint> {
    const current = await this.endpoint(accountId, id);
    if (body.url !== undefined) await this.checkUrl(body.url);
    const now = this.deps.clock.now();
    const enabling = body.enabled === true && !current.enabled;
    const disabling = body.enabled === false && current.enabled;
    const row = await webhooksRepo.update(
      this.deps.db,
      accountId,
      id,
      {
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        // Enabled again: a fresh start (the 3-day streak counts from the next failure).
        ...(enabling
          ? { enabled: true, disabled_reason: null, disabled_at: null, failing_since: null }
          : {}),
        ...(disabling ? { enabled: false, disabled_reason: 'manual', disabled_at: now } : {}),
      },
      now,
    );
    if (!row) throw notFound(ENDPOINT_NOT_FOUND);
    interestFor(this.deps).forget(accountId);
    return presentEndpoint(row, now);
  }

  async remove(accountId: string, id: string): Promise<{ ok: true }> {
    if (!(await webhooksRepo.remove(this.deps.db, accountId, id)))
      throw notFound(ENDPOINT_NOT_FOUND);
    interestFor(this.deps).forget(accountId);
    return { ok: true };
  }

  /** A new secret, shown once; the previous one keeps signing for 24 hours. */
  async rotateSecret(accountId: string, id: string): Promise<WebhookEndpointWithSecret> {
    const current = await this.endpoint(accountId, id);
    const secret = newWebhookSecret();
    const now = this.deps.clock.now();
    const row = await webhooksRepo.update(
      this.deps.db,
      accountId,
      id,
      {
        secret_sealed: this.deps.secrets.seal(secret),
        previous_secret_sealed: current.secret_sealed,
        previous_secret_expires_at: new Date(
          now.getTime() + WEBHOOK_LIMITS.rotationOverlapHours * HOUR,
        ),
      },
      now,
    );
    if (!row) throw notFound(ENDPOINT_NOT_FOUND);
    return { ...presentEndpoint(row, now), secret };
  }

  async deliveries(
    accountId: string,
    id: string,
    query: WebhookDeliveryListQuery,
  ): Promise<{ data: WebhookDelivery[]; nextKey: string | null }> {
    await this.endpoint(accountId, id);
    const rows = await webhooksRepo.deliveries(this.deps.db, accountId, id, {
      ...(query.state ? { state: query.state } : {}),
      limit: query.perpage + 1,
      ...(query.startKey ? { after: decodeKey(query.startKey) } : {}),
    });
    const page = rows.slice(0, query.perpage);
    const attempts = await webhooksRepo.attempts(
      this.deps.db,
      page.map((d) => d.id),
    );
    return {
      data: page.map((d) => presentDelivery(d, attempts)),
      nextKey: rows.length > query.perpage ? encodeKey(page[page.length - 1]!) : null,
    };
  }

  private async one(accountId: string, endpointId: string, deliveryId: string) {
    const [row] = await webhooksRepo.deliveries(this.deps.db, accountId, endpointId, {
      limit: 1,
      deliveryId,
    });
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    return presentDelivery(row, await webhooksRepo.attempts(this.deps.db, [row.id]));
  }

  /** Sends a delivery again now, with the same `webhook-id`, and answers it with its log. */
  async replay(
    accountId: string,
    endpointId: string,
    deliveryId: string,
  ): Promise<WebhookDelivery> {
    await this.endpoint(accountId, endpointId);
    const taken = await webhooksRepo.takeForReplay(
      this.deps.db,
      accountId,
      endpointId,
      deliveryId,
      this.deps.clock.now(),
      LEASE_SECONDS,
    );
    if (!taken) throw notFound(DELIVERY_NOT_FOUND);
    await deliver(this.deps, [taken], { replay: true });
    return this.one(accountId, endpointId, deliveryId);
  }

  /** Sends a `webhook.test` event to this endpoint now (retried like any other if it fails). */
  async sendTest(accountId: string, endpointId: string): Promise<WebhookDelivery> {
    await this.endpoint(accountId, endpointId);
    const now = this.deps.clock.now();
    const body = JSON.stringify({
      type: WEBHOOK_TEST_EVENT_TYPE,
      timestamp: now.toISOString(),
      data: { endpointId, message: 'A test event from Sapa' },
    });
    const taken = await webhooksRepo.insertTest(
      this.deps.db,
      accountId,
      endpointId,
      body,
      now,
      LEASE_SECONDS,
    );
    await deliver(this.deps, [taken], { manual: true });
    return this.one(accountId, endpointId, taken.id);
  }
}
