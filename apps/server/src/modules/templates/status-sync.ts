import type { FastifyBaseLogger } from 'fastify';
import type { TemplateStatusChange } from '../../channels/port.js';
import { ProviderError } from '../../channels/types.js';
import type { Deps } from '../../deps.js';
import { loadChannel, whatsappConfigOf } from '../channels/index.js';
import { statusFromMeta } from './meta-status.js';
import { templatesRepo } from './repo.js';

type SyncDeps = Pick<
  Deps,
  'db' | 'clock' | 'secrets' | 'config' | 'log' | 'channels' | 'events' | 'mailer'
>;

export interface MetaVerdict {
  providerId: string;
  wabaId: string | null;
  name?: string;
  language?: string;
  event: string;
  reason: string | null;
}

/** Applies Meta's verdicts; answers how many changed a template and which ids are not ours. */
export async function applyMetaVerdicts(
  deps: SyncDeps,
  verdicts: MetaVerdict[],
): Promise<{ changed: number; unknown: string[] }> {
  let changed = 0;
  const unknown: string[] = [];
  for (const v of verdicts) {
    const next = statusFromMeta(v.event, v.reason);
    if (!next) continue;
    const result = await templatesRepo.applyStatus(
      deps.db,
      {
        providerId: v.providerId,
        wabaId: v.wabaId,
        ...(v.name ? { name: v.name } : {}),
        ...(v.language ? { language: v.language } : {}),
      },
      next,
      deps.clock.now(),
    );
    if (!result) unknown.push(v.providerId);
    else if (result.changed) changed++;
  }
  return { changed, unknown };
}

/**
 * Meta's template verdicts from a WhatsApp webhook (`template.status` events of the WhatsApp
 * Cloud adapter). Templates we do not know (made in Meta's own tools, or deleted here) are
 * logged and acknowledged like the rest.
 */
export async function handleTemplateStatusEvents(
  deps: SyncDeps,
  events: TemplateStatusChange[],
  log: Pick<FastifyBaseLogger, 'warn'> = deps.log,
): Promise<void> {
  if (!events.length) return;
  const { unknown } = await applyMetaVerdicts(
    deps,
    events.map((e) => ({
      providerId: e.providerTemplateId,
      wabaId: e.channelExternalId,
      name: e.name,
      language: e.language,
      event: e.event,
      reason: e.reason,
    })),
  );
  if (unknown.length)
    log.warn({ unknown }, 'template status for a template we do not know; acknowledged');
}

/**
 * Every few minutes: asks Meta for the templates of every channel that has one under review, in
 * case a status webhook was lost (the app was down past Meta's retries, or it was unsubscribed).
 */
export async function runTemplateSyncJob(deps: SyncDeps): Promise<{ changed: number }> {
  const meta = deps.channels.whatsapp.templates;
  let changed = 0;
  for (const channelId of await templatesRepo.channelsAwaitingReview(deps.db)) {
    const loaded = await loadChannel(deps, channelId);
    const config = loaded && whatsappConfigOf(loaded);
    if (!config) continue;
    try {
      const list = await meta.list(config);
      const result = await applyMetaVerdicts(
        deps,
        list.map((t) => ({
          providerId: t.id,
          wabaId: config.wabaId,
          event: t.status,
          reason: t.rejectedReason,
        })),
      );
      changed += result.changed;
    } catch (err) {
      // One channel's bad token must not stop the others; the next run tries again.
      if (!(err instanceof ProviderError)) throw err;
      deps.log.warn({ channelId, err: err.info }, 'template sync failed for a channel');
    }
  }
  return { changed };
}

export async function registerTemplateWorkers(deps: Deps): Promise<void> {
  await deps.jobs.work('templates.sync', async () => void (await runTemplateSyncJob(deps)), 1);
  await deps.jobs.schedule('templates.sync', '*/5 * * * *', {});
}
