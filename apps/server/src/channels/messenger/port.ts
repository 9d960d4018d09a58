import { messengerCredentialsSchema, type MessengerCredentials } from '@sapa/contracts';
import { MESSENGER_CODES } from '../meta-messaging/errors.js';
import { MetaPagePort } from '../meta-messaging/page-port.js';
import { nonEmpty } from '../parse-helpers.js';
import type { ChannelCapabilities, CredentialCheck, CustomerProfile } from '../port.js';

const MB = 1024 * 1024;

/**
 * Messenger (meta-messaging.md §3, instagram-messenger.md §1): 24 h, then a person's reply with
 * HUMAN_AGENT for 7 days; the conversation is marked seen; files go by URL or upload, up to
 * 25 MB (images 8 MB when Meta fetches them from a URL); text under 2,000 characters.
 */
export const MESSENGER_CAPABILITIES: ChannelCapabilities = {
  replyWindow: { hours: 24, outsideWindow: 'human_agent_replies', humanAgentExtensionDays: 7 },
  readReceipts: 'per_conversation',
  templates: false,
  quickReplies: true,
  // Quick replies: at most 13, titles up to 20 characters, no description.
  choices: { max: 13, titleMax: 20, descriptionMax: 0 },
  quotedReplies: false,
  text: { max: 2000, unit: 'utf16' },
  media: {
    kinds: {
      image: { maxBytes: 8 * MB, mimeTypes: ['image/jpeg', 'image/png', 'image/gif'] },
      video: { maxBytes: 25 * MB, mimeTypes: null },
      audio: { maxBytes: 25 * MB, mimeTypes: null },
      document: { maxBytes: 25 * MB, mimeTypes: null },
    },
    send: 'url_or_upload',
    receive: 'expiring_url',
    caption: false,
  },
  webhookSubscription: true,
  profiles: true,
};

export class MessengerPort extends MetaPagePort<MessengerCredentials> {
  readonly provider = 'messenger' as const;
  readonly channel = 'messenger' as const;
  readonly webhookObject = 'page' as const;
  readonly configSchema = messengerCredentialsSchema;
  readonly capabilities = MESSENGER_CAPABILITIES;
  protected readonly codes = MESSENGER_CODES;
  protected readonly profileFields = 'first_name,last_name,profile_pic';

  externalIdOf(config: MessengerCredentials): string {
    return config.pageId;
  }

  protected pageIdOf(config: MessengerCredentials): string {
    return config.pageId;
  }

  protected tokenOf(config: MessengerCredentials): string {
    return config.pageAccessToken;
  }

  /** `GET /{page-id}?fields=id,name` with the page's token must answer with that page. */
  async verifyCredentials(config: MessengerCredentials): Promise<CredentialCheck> {
    const page = await this.vouch(() =>
      this.call<{ id?: unknown; name?: unknown }>(
        config,
        'GET',
        `/${config.pageId}?fields=id,name`,
        undefined,
        this.verifySignal(),
      ),
    );
    if ('refusal' in page) return page.refusal;
    if (nonEmpty(page.answer.id) !== config.pageId) return { ok: false, problem: 'not_found' };
    return { ok: true, displayName: nonEmpty(page.answer.name) };
  }

  protected profileOf(json: Record<string, unknown>): CustomerProfile {
    const name = [nonEmpty(json.first_name), nonEmpty(json.last_name)].filter(Boolean).join(' ');
    return { name: name || null, username: null, pictureUrl: nonEmpty(json.profile_pic) };
  }
}
