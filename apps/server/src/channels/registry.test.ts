import { describe, expect, it } from 'vitest';
import { SecretBox } from '../lib/crypto.js';
import type { FileStorage } from '../lib/storage.js';
import { ChannelAdapters, ChannelConfigError } from './registry.js';
import { openChannelConfig, sealChannelConfig } from './sealed-config.js';

const adapters = ChannelAdapters.fromConfig(
  { graphApiUrl: 'http://127.0.0.1:9', graphApiVersion: 'v21.0', mediaDir: '/nonexistent' },
  {} as FileStorage,
);
const secrets = new SecretBox('test-app-secret-for-channel-configs');

describe('the channel registry', () => {
  it('finds each port by provider and by Meta webhook object', () => {
    expect(adapters.port('whatsapp_cloud').channel).toBe('whatsapp');
    expect(adapters.port('messenger').webhookObject).toBe('page');
    expect(adapters.forWebhookObject('whatsapp_business_account')?.provider).toBe('whatsapp_cloud');
    expect(adapters.forWebhookObject('page')?.provider).toBe('messenger');
    expect(adapters.forWebhookObject('instagram')?.provider).toBe('instagram');
    expect(adapters.forWebhookObject('permissions')).toBeNull();
    expect(adapters.port('whatsapp_basic').webhookObject).toBeNull();
  });

  it('finds the port of a channel type', () => {
    expect(adapters.portOfChannel('whatsapp')?.provider).toBe('whatsapp_cloud');
    expect(adapters.portOfChannel('instagram')?.provider).toBe('instagram');
    expect(adapters.portOfChannel('whatsapp_basic')?.provider).toBe('whatsapp_basic');
  });

  it('opens a channel only with a config its port accepts, and names what is wrong', () => {
    const open = adapters.open('instagram', {
      instagramAccountId: '17840000000000001',
      pageId: '104000000000001',
      pageAccessToken: 'EAAG-page-token-0001',
    });
    expect(open).toMatchObject({ provider: 'instagram', externalId: '17840000000000001' });
    expect(typeof open.subscribe).toBe('function');
    expect(typeof open.fetchProfile).toBe('function');
    // WhatsApp's webhook subscription is app-level and it has no profile API.
    const whatsapp = adapters.open('whatsapp_cloud', {
      phoneNumberId: '106540352242922',
      wabaId: '102290129340398',
      accessToken: 'EAAG-whatsapp-token',
      displayPhoneNumber: '15550783881',
    });
    expect(whatsapp.externalId).toBe('106540352242922');
    expect(whatsapp.subscribe).toBeUndefined();
    expect(whatsapp.fetchProfile).toBeUndefined();

    expect(() => adapters.open('messenger', { pageId: 'abc', pageAccessToken: 'short' })).toThrow(
      ChannelConfigError,
    );
    try {
      adapters.open('messenger', {
        pageId: '104000000000001',
        pageAccessToken: 'x\u0000yyyyyyyyyy',
      });
      expect.unreachable();
    } catch (err) {
      expect((err as ChannelConfigError).issues.join()).toMatch(/pageAccessToken/);
    }
  });
});

describe('sealed channel configs', () => {
  it('round-trip through the secret box, and are never stored in the clear', () => {
    const config = { pageId: '104000000000001', pageAccessToken: 'EAAG-page-token-0001' };
    const sealed = sealChannelConfig(secrets, adapters.port('messenger'), config);
    expect(sealed).not.toContain('EAAG');
    expect(sealed).not.toContain('104000000000001');
    const opened = openChannelConfig(secrets, sealed);
    expect(opened).toEqual(config);
    expect(adapters.open('messenger', opened).externalId).toBe('104000000000001');
  });

  it('refuses to seal what its port would not open', () => {
    expect(() =>
      sealChannelConfig(secrets, adapters.port('instagram'), { pageId: '104000000000001' }),
    ).toThrow(ChannelConfigError);
  });
});
