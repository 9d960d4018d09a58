import type { ChannelType, ProviderType } from '../db/schema-messaging.js';
import type { FileStorage } from '../lib/storage.js';
import { LocalStorage } from '../lib/storage.js';
import { InstagramPort } from './instagram/port.js';
import { GraphClient } from './meta-messaging/graph.js';
import { MessengerPort } from './messenger/port.js';
import type { ChannelPort, OpenChannel, PortInfo } from './port.js';
import { LinkedSessions, WhatsappBasicPort } from './whatsapp-basic/port.js';
import { WhatsappCloudAdapter } from './whatsapp-cloud/adapter.js';
import { WhatsappCloudPort, WhatsappExtras } from './whatsapp-cloud/port.js';
import { MetaTemplatesClient } from './whatsapp-cloud/templates.js';

/** A channel's stored config does not fit its adapter's schema (edited by hand, an old shape). */
export class ChannelConfigError extends Error {
  constructor(
    readonly provider: ProviderType,
    readonly issues: string[],
  ) {
    super(`Invalid ${provider} channel config: ${issues.join('; ')}`);
  }
}

interface Registered {
  info: PortInfo;
  open(config: unknown): OpenChannel;
}

/** A config checked by its port's schema; ChannelConfigError when it does not fit. */
export function parseChannelConfig<C>(
  port: Pick<ChannelPort<C>, 'provider' | 'configSchema'>,
  raw: unknown,
): C {
  const parsed = port.configSchema.safeParse(raw);
  if (!parsed.success)
    throw new ChannelConfigError(
      port.provider,
      parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`),
    );
  return parsed.data;
}

/** The port's operations with one config, checked by the port's own schema first. */
function bind<C>(port: ChannelPort<C>, raw: unknown): OpenChannel {
  const config = parseChannelConfig(port, raw);
  const { subscribe, unsubscribe, fetchProfile } = port;
  return {
    provider: port.provider,
    externalId: port.externalIdOf(config),
    capabilities: port.capabilities,
    verifyCredentials: () => port.verifyCredentials(config),
    ...(subscribe ? { subscribe: () => subscribe.call(port, config) } : {}),
    ...(unsubscribe ? { unsubscribe: () => unsubscribe.call(port, config) } : {}),
    send: (message, window) => port.send(config, message, window),
    markRead: (target) => port.markRead(config, target),
    fetchMedia: (media) => port.fetchMedia(config, media),
    ...(fetchProfile
      ? { fetchProfile: (customerId: string) => fetchProfile.call(port, config, customerId) }
      : {}),
  };
}

export interface ChannelAdaptersConfig {
  graphApiUrl: string;
  graphApiVersion: string;
  mediaDir: string;
}

/**
 * Ports by provider and by Meta webhook `object`: callers open a channel's port with its config
 * (`open`) and never hold a provider client. WhatsApp's templates (and their header uploads) are
 * the one provider feature beyond the port, reached through `whatsapp`.
 */
export class ChannelAdapters {
  private readonly ports = new Map<ProviderType, Registered>();
  private readonly byObject = new Map<string, Registered>();

  /**
   * The linked numbers' sessions this process holds (whatsapp_basic): the supervisor puts them
   * here, the whatsapp_basic port sends through them.
   */
  constructor(
    readonly whatsapp: WhatsappExtras,
    readonly linked: LinkedSessions = new LinkedSessions(),
  ) {}

  static fromConfig(
    config: ChannelAdaptersConfig,
    storage: FileStorage = new LocalStorage(config.mediaDir),
  ): ChannelAdapters {
    const whatsapp = new WhatsappCloudAdapter(config.graphApiUrl, config.graphApiVersion);
    const templates = new MetaTemplatesClient(config.graphApiUrl, config.graphApiVersion);
    const graph = new GraphClient(config.graphApiUrl, config.graphApiVersion);
    const linked = new LinkedSessions();
    return new ChannelAdapters(new WhatsappExtras(whatsapp, templates), linked)
      .register(new WhatsappCloudPort(whatsapp, storage))
      .register(new MessengerPort(graph, storage))
      .register(new InstagramPort(graph, storage))
      .register(new WhatsappBasicPort(linked));
  }

  register<C>(port: ChannelPort<C>): this {
    const registered: Registered = { info: port, open: (raw) => bind(port, raw) };
    this.ports.set(port.provider, registered);
    if (port.webhookObject) this.byObject.set(port.webhookObject, registered);
    return this;
  }

  port(provider: ProviderType): PortInfo {
    return this.registered(provider).info;
  }

  /** The port of a channel type (whatsapp → WhatsApp Cloud), or null when none is registered. */
  portOfChannel(channel: ChannelType): PortInfo | null {
    for (const { info } of this.ports.values()) if (info.channel === channel) return info;
    return null;
  }

  /** The port that reads Meta webhooks with this `object`, or null (not ours: acknowledged). */
  forWebhookObject(object: string): PortInfo | null {
    return this.byObject.get(object)?.info ?? null;
  }

  /** A channel's operations, its (opened) config validated by its port. */
  open(provider: ProviderType, config: unknown): OpenChannel {
    return this.registered(provider).open(config);
  }

  private registered(provider: ProviderType): Registered {
    const found = this.ports.get(provider);
    if (!found) throw new Error(`No channel port for provider ${provider}`);
    return found;
  }
}
