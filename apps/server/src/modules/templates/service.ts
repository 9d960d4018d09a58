import {
  MESSAGES,
  TEMPLATE_MESSAGES,
  TEMPLATE_STATUSES,
  type Template,
  type TemplateCount,
  type TemplateData,
  type TemplateList,
  type TemplateListQuery,
} from '@sapa/contracts';
import { ProviderError } from '../../channels/types.js';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Caller } from '../auth/principal.js';
import { loadChannel, whatsappConfigOf } from '../channels/index.js';
import type { Selectable } from 'kysely';
import type { TemplateCredentials } from '../../channels/whatsapp-cloud/templates.js';
import type { TemplatesTable } from '../../db/schema-templates.js';
import { LocalStorage } from '../../lib/storage.js';
import { checkExampleMedia, isMediaHeader, loadHeaderExample } from './header-example.js';
import {
  metaTemplateBody,
  type MetaTemplatesClient,
} from '../../channels/whatsapp-cloud/templates.js';
import { presentTemplate } from './presenter.js';
import { templatesRepo } from './repo.js';

const NAME_UNIQUE = 'templates_channel_name_language';
const CHANGEABLE = new Set(['draft', 'rejected']);

/**
 * Meta refused or could not be reached: spec §8's 'Oops, something went wrong', with Meta's own
 * words as the issue so the person can fix the template. 422 when Meta judged the request, 502
 * when Meta itself failed.
 */
function providerFailure(err: ProviderError): AppError {
  const status = err.httpStatus && err.httpStatus < 500 ? 422 : 502;
  return new AppError(status, MESSAGES.templateFailed, 'PROVIDER_ERROR', [
    { path: 'provider', message: err.info.message },
  ]);
}

export type TemplatesDeps = Pick<
  Deps,
  'db' | 'clock' | 'secrets' | 'config' | 'log' | 'channels' | 'events' | 'mailer'
>;

/** Templates of the caller's account: CRUD, publishing to Meta, the welcome template. */
export class TemplatesService {
  private readonly meta: MetaTemplatesClient;

  constructor(private readonly deps: TemplatesDeps) {
    this.meta = deps.channels.whatsapp.templates;
  }

  async list(principal: Caller, q: TemplateListQuery): Promise<TemplateList> {
    const filter = {
      ...(q.searchText ? { searchText: q.searchText } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.channelId ? { channelId: q.channelId } : {}),
    };
    if (q.startKey && !/^[0-9a-f-]{36}$/i.test(q.startKey))
      throw badRequest('The startKey is not valid', 'VALIDATION', [
        { path: 'startKey', message: 'The startKey is not valid' },
      ]);
    const [rows, total] = await Promise.all([
      templatesRepo.list(this.deps.db, principal.accountId, {
        ...filter,
        ...(q.startKey ? { afterId: q.startKey } : {}),
        limit: q.perpage + 1,
      }),
      templatesRepo.total(this.deps.db, principal.accountId, filter),
    ]);
    const page = rows.slice(0, q.perpage);
    return {
      data: page.map(presentTemplate),
      nextKey: rows.length > q.perpage ? (page.at(-1)?.id ?? null) : null,
      total,
    };
  }

  async count(principal: Caller): Promise<TemplateCount> {
    const counts = await templatesRepo.countByStatus(this.deps.db, principal.accountId);
    const byStatus = Object.fromEntries(
      TEMPLATE_STATUSES.map((s) => [s, counts.get(s) ?? 0]),
    ) as TemplateCount['byStatus'];
    return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
  }

  async get(principal: Caller, id: string): Promise<Template> {
    const row = await templatesRepo.get(this.deps.db, principal.accountId, id);
    if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
    return presentTemplate(row);
  }

  async create(principal: Caller, data: TemplateData): Promise<Template> {
    await this.mustBeWhatsapp(principal, data.channelId);
    await this.checkExample(principal, data);
    const id = await this.uniqueName(() =>
      templatesRepo.insert(this.deps.db, principal.accountId, principal.userId, data),
    );
    return this.get(principal, id);
  }

  /** Only drafts and rejected templates change: Meta reviewed (or is reviewing) the others. */
  async update(principal: Caller, id: string, data: TemplateData): Promise<Template> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await templatesRepo.lock(trx, principal.accountId, id);
      if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
      if (!CHANGEABLE.has(row.status))
        throw conflict(TEMPLATE_MESSAGES.notEditable, 'TEMPLATE_NOT_EDITABLE');
      // Meta keys a submitted template by name, language and WABA: those stay once submitted.
      if (row.provider_template_id && row.channel_id !== data.channelId)
        throw conflict(TEMPLATE_MESSAGES.notEditable, 'TEMPLATE_NOT_EDITABLE');
      await this.mustBeWhatsapp(principal, data.channelId);
      await this.checkExample(principal, data);
      await this.uniqueName(() =>
        templatesRepo.update(trx, principal.accountId, id, data, this.deps.clock.now()),
      );
    });
    return this.get(principal, id);
  }

  async remove(principal: Caller, id: string): Promise<{ ok: true }> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await templatesRepo.lock(trx, principal.accountId, id);
      if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
      if (!CHANGEABLE.has(row.status))
        throw conflict(TEMPLATE_MESSAGES.notDeletable, 'TEMPLATE_NOT_DELETABLE');
      if (row.provider_template_id) {
        const loaded = await loadChannel(this.deps, row.channel_id, trx);
        const config = loaded && whatsappConfigOf(loaded);
        try {
          if (config) await this.meta.remove(config, row.name, row.provider_template_id);
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          // Already gone at Meta (deleted there, or never existed in this WABA): ours can go too.
          if (err.httpStatus !== 404 && err.info.code !== 100) throw providerFailure(err);
          this.deps.log.info({ templateId: id, err: err.info }, 'template already gone at Meta');
        }
      }
      await templatesRepo.remove(trx, principal.accountId, id);
    });
    return { ok: true };
  }

  /**
   * Submits the template to Meta and waits for its answer, because the person needs Meta's
   * verdict on the format at once (a job could only tell them later). A media header's example
   * is downloaded and uploaded to Meta first, outside any transaction: a slow link must not
   * hold a pooled connection and the row lock. Then the row is locked, so a double click cannot
   * submit twice, and must be as it was when the example was taken. A rejected template is
   * edited in place at Meta.
   */
  async publish(principal: Caller, id: string): Promise<Template> {
    const draft = publishable(await templatesRepo.current(this.deps.db, principal.accountId, id));
    const loaded = await loadChannel(this.deps, draft.channel_id);
    const credentials = loaded && whatsappConfigOf(loaded);
    if (!credentials)
      throw badRequest(TEMPLATE_MESSAGES.channelNotWhatsapp, 'CHANNEL_NOT_WHATSAPP');
    const handle = await this.callMeta(id, () => this.headerHandle(principal, draft, credentials));
    await this.deps.db.transaction().execute(async (trx) => {
      // Unchanged since it was read (same channel, same example), or refused.
      const row = publishable(await templatesRepo.lock(trx, principal.accountId, id));
      if (row.updated_at.getTime() !== draft.updated_at.getTime())
        throw conflict(TEMPLATE_MESSAGES.changedWhilePublishing, 'TEMPLATE_CHANGED');
      const providerId = await this.callMeta(id, async () => {
        const body = metaTemplateBody(row, handle);
        if (!row.provider_template_id) return (await this.meta.create(credentials, body)).id;
        await this.meta.edit(credentials, row.provider_template_id, body);
        return row.provider_template_id;
      });
      await templatesRepo.markPublished(trx, id, providerId, this.deps.clock.now());
    });
    return this.get(principal, id);
  }

  /** Meta's refusal reaches the person with Meta's words. */
  private async callMeta<T>(templateId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.deps.log.warn({ templateId, err: err.info }, 'Meta refused the template');
      throw providerFailure(err);
    }
  }

  async welcome(principal: Caller): Promise<{ template: Template | null }> {
    const row = await templatesRepo.welcome(this.deps.db, principal.accountId);
    return { template: row ? presentTemplate(row) : null };
  }

  async setWelcome(
    principal: Caller,
    templateId: string | null,
  ): Promise<{ template: Template | null }> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (templateId) {
        const row = await templatesRepo.lock(trx, principal.accountId, templateId);
        if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
        if (row.status !== 'accepted')
          throw conflict(TEMPLATE_MESSAGES.welcomeNotAccepted, 'TEMPLATE_NOT_ACCEPTED');
      }
      await templatesRepo.setWelcome(trx, principal.accountId, templateId, this.deps.clock.now());
    });
    return this.welcome(principal);
  }

  private async checkExample(principal: Caller, data: TemplateData): Promise<void> {
    if (data.headerExampleMediaId)
      await checkExampleMedia(
        this.deps.db,
        principal.accountId,
        data.headerType,
        data.headerExampleMediaId,
      );
  }

  /** A media header's example goes to Meta's Resumable Upload API first; null otherwise. */
  private async headerHandle(
    principal: Caller,
    row: Selectable<TemplatesTable>,
    creds: TemplateCredentials,
  ): Promise<string | null> {
    const headerType = row.header_type;
    if (!isMediaHeader(headerType)) return null;
    const appId = this.deps.config.metaAppId;
    if (!appId) throw badRequest(TEMPLATE_MESSAGES.noMetaApp, 'META_APP_ID_MISSING');
    const file = await loadHeaderExample(
      { db: this.deps.db, storage: new LocalStorage(this.deps.config.mediaDir) },
      principal.accountId,
      { ...row, header_type: headerType },
    );
    return this.meta.uploadHeaderExample(creds, appId, file);
  }

  private async mustBeWhatsapp(principal: Caller, channelId: string): Promise<void> {
    const channel = await templatesRepo.whatsappChannel(
      this.deps.db,
      principal.accountId,
      channelId,
    );
    if (!channel || channel.provider !== 'whatsapp_cloud')
      throw badRequest(TEMPLATE_MESSAGES.channelNotWhatsapp, 'CHANNEL_NOT_WHATSAPP', [
        { path: 'channelId', message: TEMPLATE_MESSAGES.channelNotWhatsapp },
      ]);
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, NAME_UNIQUE))
        throw conflict(TEMPLATE_MESSAGES.nameTaken, 'TEMPLATE_NAME_TAKEN');
      throw err;
    }
  }
}

/** The template if it exists and may be published (a draft, or rejected by Meta). */
function publishable<T extends { status: Selectable<TemplatesTable>['status'] }>(
  row: T | undefined,
): T {
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
  if (!CHANGEABLE.has(row.status))
    throw conflict(TEMPLATE_MESSAGES.notPublishable, 'TEMPLATE_NOT_PUBLISHABLE');
  return row;
}
