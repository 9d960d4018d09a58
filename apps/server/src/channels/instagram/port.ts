import { instagramCredentialsSchema, type InstagramCredentials } from '@sapa/contracts';
import { INSTAGRAM_CODES } from '../meta-messaging/errors.js';
import { MetaPagePort } from '../meta-messaging/page-port.js';
import { nonEmpty, obj } from '../parse-helpers.js';
import type { ChannelCapabilities, CredentialCheck, CustomerProfile } from '../port.js';

const MB = 1024 * 1024;

/**
 * Instagram through its Facebook Page (instagram-messenger.md §1.2 (a)): Messenger's window
 * and HUMAN_AGENT rule; text up to 1,000 bytes; images png/jpeg up to 8 MB, video, audio and
 * PDF files up to 25 MB (Instagram messaging's send and attachment-upload references).
 */
export const INSTAGRAM_CAPABILITIES: ChannelCapabilities = {
  replyWindow: { hours: 24, outsideWindow: 'human_agent_replies', humanAgentExtensionDays: 7 },
  readReceipts: 'per_conversation',
  templates: false,
  quickReplies: true,
  // Quick replies: at most 13, titles up to 20 characters, no description.
  choices: { max: 13, titleMax: 20, descriptionMax: 0 },
  quotedReplies: false,
  text: { max: 1000, unit: 'utf8_bytes' },
  media: {
    kinds: {
      image: { maxBytes: 8 * MB, mimeTypes: ['image/jpeg', 'image/png'] },
      video: {
        maxBytes: 25 * MB,
        mimeTypes: ['video/mp4', 'video/ogg', 'video/x-msvideo', 'video/quicktime', 'video/webm'],
      },
      audio: {
        maxBytes: 25 * MB,
        mimeTypes: ['audio/aac', 'audio/mp4', 'audio/x-m4a', 'audio/wav', 'audio/x-wav'],
      },
      document: { maxBytes: 25 * MB, mimeTypes: ['application/pdf'] },
    },
    send: 'url_or_upload',
    receive: 'expiring_url',
    caption: false,
  },
  webhookSubscription: true,
  profiles: true,
};

export class InstagramPort extends MetaPagePort<InstagramCredentials> {
  readonly provider = 'instagram' as const;
  readonly channel = 'instagram' as const;
  readonly webhookObject = 'instagram' as const;
  readonly configSchema = instagramCredentialsSchema;
  readonly capabilities = INSTAGRAM_CAPABILITIES;
  protected readonly codes = INSTAGRAM_CODES;
  protected readonly profileFields = 'name,username,profile_pic';

  /** Instagram webhooks name the account (entry.id), not its page. */
  externalIdOf(config: InstagramCredentials): string {
    return config.instagramAccountId;
  }

  protected pageIdOf(config: InstagramCredentials): string {
    return config.pageId;
  }

  protected tokenOf(config: InstagramCredentials): string {
    return config.pageAccessToken;
  }

  /**
   * `GET /{ig-id}?fields=id,username` must answer with that account, and the page's
   * `instagram_business_account` must be it: a token for another page cannot speak for it.
   */
  async verifyCredentials(config: InstagramCredentials): Promise<CredentialCheck> {
    const signal = this.verifySignal();
    const account = await this.vouch(() =>
      this.call<{ id?: unknown; username?: unknown }>(
        config,
        'GET',
        `/${config.instagramAccountId}?fields=id,username`,
        undefined,
        signal,
      ),
    );
    if ('refusal' in account) return account.refusal;
    if (nonEmpty(account.answer.id) !== config.instagramAccountId)
      return { ok: false, problem: 'not_found' };
    const page = await this.vouch(() =>
      this.call<{ id?: unknown; instagram_business_account?: unknown }>(
        config,
        'GET',
        `/${config.pageId}?fields=id,instagram_business_account`,
        undefined,
        signal,
      ),
    );
    if ('refusal' in page) return page.refusal;
    if (nonEmpty(obj(page.answer.instagram_business_account).id) !== config.instagramAccountId)
      return { ok: false, problem: 'not_linked' };
    return { ok: true, displayName: nonEmpty(account.answer.username) };
  }

  protected profileOf(json: Record<string, unknown>): CustomerProfile {
    const username = nonEmpty(json.username);
    return {
      name: nonEmpty(json.name) ?? username,
      username,
      pictureUrl: nonEmpty(json.profile_pic),
    };
  }
}
