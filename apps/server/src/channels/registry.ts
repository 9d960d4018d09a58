import type { ProviderType } from '../db/schema-messaging.js';
import type { ChannelAdapter } from './types.js';
import { WhatsappCloudAdapter } from './whatsapp-cloud/adapter.js';

/** Adapters by provider; Instagram, Messenger and WhatsApp basic register here when they land. */
export class ChannelAdapters {
  private readonly byProvider = new Map<ProviderType, ChannelAdapter>();

  constructor(adapters: ChannelAdapter[]) {
    for (const a of adapters) this.byProvider.set(a.provider, a);
  }

  static fromConfig(config: { graphApiUrl: string; graphApiVersion: string }): ChannelAdapters {
    return new ChannelAdapters([
      new WhatsappCloudAdapter(config.graphApiUrl, config.graphApiVersion),
    ]);
  }

  get(provider: ProviderType): ChannelAdapter {
    const adapter = this.byProvider.get(provider);
    if (!adapter) throw new Error(`No adapter for provider ${provider}`);
    return adapter;
  }
}
