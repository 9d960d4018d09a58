import { describe, expect, it } from 'vitest';
import { ProviderError } from '../errors.js';
import { instagramConfig, messengerConfig, PAGE, usePagePorts } from './test-ports.js';

/** Messenger and Instagram beyond sending: conversation receipts, profiles, attachments by URL. */
const PSID = '7700000000000001';

const p = usePagePorts();

describe('marking a conversation seen', () => {
  it('sends mark_seen for the customer, with nothing else in the body', async () => {
    await p.messenger.markRead(messengerConfig, { customerId: PSID, lastProviderMessageId: 'm_1' });
    await p.instagram.markRead(instagramConfig, { customerId: '55', lastProviderMessageId: null });
    expect(p.stub.calls.map((c) => [c.path, c.body])).toEqual([
      [`/v21.0/${PAGE}/messages`, { recipient: { id: PSID }, sender_action: 'mark_seen' }],
      [`/v21.0/${PAGE}/messages`, { recipient: { id: '55' }, sender_action: 'mark_seen' }],
    ]);
  });
});

describe('profiles (meta-messaging.md §3.5, instagram-messenger.md §1.6)', () => {
  it('Messenger: first and last name and picture', async () => {
    p.stub.reply({
      status: 200,
      body: {
        first_name: 'Siti',
        last_name: 'Aminah',
        profile_pic: 'https://cdn.example/p.jpg',
        id: PSID,
      },
    });
    expect(await p.messenger.fetchProfile(messengerConfig, PSID)).toEqual({
      name: 'Siti Aminah',
      username: null,
      pictureUrl: 'https://cdn.example/p.jpg',
    });
    expect(p.stub.calls[0]!.path).toBe(`/v21.0/${PSID}?fields=first_name,last_name,profile_pic`);
  });

  it('Instagram: name, username and picture; the username when there is no name', async () => {
    p.stub.reply({ status: 200, body: { username: 'siti.shop', profile_pic: null } });
    expect(await p.instagram.fetchProfile(instagramConfig, '55')).toEqual({
      name: 'siti.shop',
      username: 'siti.shop',
      pictureUrl: null,
    });
    expect(p.stub.calls[0]!.path).toBe('/v21.0/55?fields=name,username,profile_pic');
  });

  it('no consent, no profile, blocked: null; a refused token or an outage: thrown', async () => {
    p.stub.reply(p.stub.graphError(400, 230, 'User consent is required to access user profile'));
    expect(await p.instagram.fetchProfile(instagramConfig, '55')).toBeNull();
    p.stub.reply({
      status: 400,
      body: {
        error: {
          code: 100,
          error_subcode: 2018218,
          message: '(#100) No profile available for this user',
        },
      },
    });
    expect(await p.messenger.fetchProfile(messengerConfig, PSID)).toBeNull();
    p.stub.reply(p.stub.graphError(400, 190, 'Session has expired'));
    await expect(p.messenger.fetchProfile(messengerConfig, PSID)).rejects.toMatchObject({
      kind: 'token_invalid',
    });
    p.stub.reply(p.stub.graphError(500, 2, 'Service temporarily unavailable', true));
    await expect(p.messenger.fetchProfile(messengerConfig, PSID)).rejects.toMatchObject({
      retryable: true,
    });
  });
});

describe('fetching an attachment by its URL', () => {
  it('downloads from the Graph host (the sandbox in development) without the token', async () => {
    const file = await p.messenger.fetchMedia(messengerConfig, {
      source: 'url',
      url: `${p.stub.url}/media-file/abc`,
      expiresAt: null,
      mimeType: null,
      filename: null,
    });
    expect(file.bytes.toString()).toBe('FILEBYTES');
    expect(p.stub.calls[0]).toMatchObject({
      method: 'GET',
      path: '/media-file/abc',
      auth: undefined,
    });
  });

  it('refuses private addresses and plain http elsewhere, asking nothing', async () => {
    for (const url of [
      'http://10.0.0.5/x.jpg',
      'https://127.0.0.1:1/x.jpg',
      'http://cdn.example.com/a',
    ]) {
      await expect(
        p.messenger.fetchMedia(messengerConfig, {
          source: 'url',
          url,
          expiresAt: null,
          mimeType: null,
          filename: null,
        }),
      ).rejects.toBeInstanceOf(ProviderError);
    }
    expect(p.stub.calls).toHaveLength(0);
  });

  it('an expired link is a refusal, not worth retrying', async () => {
    p.stub.reply({ status: 404, body: { error: { message: 'URL signature expired' } } });
    await expect(
      p.messenger.fetchMedia(messengerConfig, {
        source: 'url',
        url: `${p.stub.url}/expired`,
        expiresAt: null,
        mimeType: null,
        filename: null,
      }),
    ).rejects.toMatchObject({ retryable: false });
  });
});
