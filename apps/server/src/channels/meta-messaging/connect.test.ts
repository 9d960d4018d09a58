import { CREDENTIAL_PROBLEM_MESSAGES } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import type { GraphStub } from '../../test/graph-stub.js';
import { IG, instagramConfig, messengerConfig, PAGE, TOKEN, usePagePorts } from './test-ports.js';

/** Connecting a page or an Instagram account: Meta vouches for the ids and the token, then the app subscribes. */
const p = usePagePorts();

describe('verifying a Messenger page', () => {
  it('asks GET /{page-id}?fields=id,name with the page token and takes the page’s name', async () => {
    p.stub.reply({ status: 200, body: { id: PAGE, name: 'Toko Sapa' } });
    expect(await p.messenger.verifyCredentials(messengerConfig)).toEqual({
      ok: true,
      displayName: 'Toko Sapa',
    });
    expect(p.stub.calls).toEqual([
      { method: 'GET', path: `/v21.0/${PAGE}?fields=id,name`, auth: `Bearer ${TOKEN}`, body: null },
    ]);
  });

  it.each([
    [
      'a refused token (190)',
      (stub0: GraphStub) => stub0.graphError(400, 190, 'Invalid OAuth access token'),
      'token_invalid',
    ],
    [
      'an unknown page (100/33)',
      () => ({
        status: 400,
        body: { error: { code: 100, error_subcode: 33, message: 'Unsupported get request' } },
      }),
      'not_found',
    ],
    [
      'a page the token cannot read (10)',
      (stub0: GraphStub) => stub0.graphError(403, 10, 'Permission denied'),
      'not_found',
    ],
    [
      'another page’s id in the answer',
      () => ({ status: 200, body: { id: '999', name: 'Other' } }),
      'not_found',
    ],
    ['an answer that is not JSON', () => ({ status: 200, body: 'ok' }), 'not_found'],
  ] as const)('names the problem for %s', async (_what, reply, problem) => {
    p.stub.reply(reply(p.stub));
    expect(await p.messenger.verifyCredentials(messengerConfig)).toEqual({ ok: false, problem });
  });

  it('Meta not answering is not a refusal: thrown, retryable', async () => {
    p.stub.reply(p.stub.graphError(500, 2, 'Service temporarily unavailable', true));
    await expect(p.messenger.verifyCredentials(messengerConfig)).rejects.toMatchObject({
      retryable: true,
    });
  });

  it('the problems have the words the issue asks for', () => {
    expect(CREDENTIAL_PROBLEM_MESSAGES.messenger.token_invalid).toMatch(
      /^The token was refused by Meta/,
    );
    expect(CREDENTIAL_PROBLEM_MESSAGES.messenger.not_found).toBe(
      'This page id does not exist or the token cannot read it.',
    );
  });
});

describe('verifying an Instagram account through its page', () => {
  it('reads the account, then checks the page’s instagram_business_account is that account', async () => {
    p.stub.reply(
      { status: 200, body: { id: IG, username: 'toko.sapa' } },
      { status: 200, body: { id: PAGE, instagram_business_account: { id: IG } } },
    );
    expect(await p.instagram.verifyCredentials(instagramConfig)).toEqual({
      ok: true,
      displayName: 'toko.sapa',
    });
    expect(p.stub.calls.map((c) => `${c.method} ${c.path} ${c.auth}`)).toEqual([
      `GET /v21.0/${IG}?fields=id,username Bearer ${TOKEN}`,
      `GET /v21.0/${PAGE}?fields=id,instagram_business_account Bearer ${TOKEN}`,
    ]);
  });

  it('refuses an account linked to another page, or to none', async () => {
    for (const linked of [{ id: '17849999999999999' }, undefined]) {
      p.stub.reply(
        { status: 200, body: { id: IG, username: 'toko.sapa' } },
        {
          status: 200,
          body: { id: PAGE, ...(linked ? { instagram_business_account: linked } : {}) },
        },
      );
      expect(await p.instagram.verifyCredentials(instagramConfig)).toEqual({
        ok: false,
        problem: 'not_linked',
      });
    }
  });

  it('names a refused token or an unknown account, asking no more', async () => {
    p.stub.reply(p.stub.graphError(400, 190, 'Error validating access token'));
    expect(await p.instagram.verifyCredentials(instagramConfig)).toEqual({
      ok: false,
      problem: 'token_invalid',
    });
    p.stub.reply({ status: 400, body: { error: { code: 100, error_subcode: 33, message: 'x' } } });
    expect(await p.instagram.verifyCredentials(instagramConfig)).toEqual({
      ok: false,
      problem: 'not_found',
    });
    expect(p.stub.calls).toHaveLength(2);
  });
});

describe('subscribing the app to the page’s webhooks', () => {
  it('POSTs /{page-id}/subscribed_apps with the messaging fields, DELETE to unsubscribe', async () => {
    await p.messenger.subscribe(messengerConfig);
    await p.instagram.subscribe(instagramConfig);
    await p.messenger.unsubscribe(messengerConfig);
    const fields =
      'messages,message_deliveries,message_echoes,message_reads,messaging_postbacks,message_reactions';
    expect(p.stub.calls.map((c) => `${c.method} ${c.path} ${c.auth}`)).toEqual([
      `POST /v21.0/${PAGE}/subscribed_apps?subscribed_fields=${fields} Bearer ${TOKEN}`,
      `POST /v21.0/${PAGE}/subscribed_apps?subscribed_fields=${fields} Bearer ${TOKEN}`,
      `DELETE /v21.0/${PAGE}/subscribed_apps Bearer ${TOKEN}`,
    ]);
  });

  it('a refusal is classified; an answer without success is not taken for one', async () => {
    p.stub.reply(p.stub.graphError(400, 190, 'Invalid OAuth access token'));
    await expect(p.messenger.subscribe(messengerConfig)).rejects.toMatchObject({
      kind: 'token_invalid',
    });
    p.stub.reply(p.stub.graphError(403, 200, 'Requires pages_manage_metadata permission'));
    await expect(p.messenger.subscribe(messengerConfig)).rejects.toMatchObject({
      kind: 'permission_denied',
    });
    p.stub.reply({ status: 200, body: { success: false } });
    await expect(p.messenger.unsubscribe(messengerConfig)).rejects.toMatchObject({
      kind: 'unknown',
    });
  });
});
