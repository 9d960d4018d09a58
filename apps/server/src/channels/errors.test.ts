import { WINDOW_REFUSAL_MESSAGES } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../lib/storage.js';
import { ProviderError, WindowClosedError, type ProviderErrorKind } from './errors.js';
import { InstagramPort } from './instagram/port.js';
import { GraphClient } from './meta-messaging/graph.js';
import { MessengerPort } from './messenger/port.js';
import { WhatsappCloudAdapter } from './whatsapp-cloud/adapter.js';
import { classifyStatusError } from './whatsapp-cloud/errors.js';
import { WhatsappCloudPort } from './whatsapp-cloud/port.js';

const storage = {} as FileStorage;
const graph = new GraphClient('http://127.0.0.1:9', 'v21.0');
const whatsapp = new WhatsappCloudPort(
  new WhatsappCloudAdapter('http://127.0.0.1:9', 'v21.0'),
  storage,
);
const messenger = new MessengerPort(graph, storage);
const instagram = new InstagramPort(graph, storage);

const body = (code: number, subcode?: number, transient = false) => ({
  error: {
    message: 'm',
    type: 'OAuthException',
    code,
    ...(subcode ? { error_subcode: subcode } : {}),
    is_transient: transient,
    fbtrace_id: 'x',
  },
});

type Row = [
  status: number | null,
  code: number | null,
  subcode: number | null,
  kind: ProviderErrorKind,
];

const check = (
  port: { classifyError(status: number | null, body: unknown): ProviderError },
  rows: Row[],
) =>
  it.each(rows)('HTTP %s, code %s/%s → %s', (status, code, subcode, kind) => {
    const err = port.classifyError(status, code === null ? null : body(code, subcode ?? undefined));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe(kind);
    expect(err.retryable).toBe(kind === 'rate_limited' || kind === 'temporarily_unavailable');
  });

describe('WhatsApp Cloud error classification (meta-messaging.md §2.7, §4)', () => {
  check(whatsapp, [
    [400, 131047, null, 'window_closed'],
    [400, 131026, null, 'recipient_invalid'],
    [400, 131050, null, 'recipient_invalid'],
    [400, 190, null, 'token_invalid'],
    [401, 190, 463, 'token_invalid'],
    [400, 102, null, 'token_invalid'],
    [403, 10, null, 'permission_denied'],
    [403, 200, null, 'permission_denied'],
    [400, 368, null, 'permission_denied'],
    [400, 131031, null, 'permission_denied'],
    [400, 100, null, 'invalid_request'],
    [400, 131008, null, 'invalid_request'],
    [400, 132001, null, 'template_missing'],
    [429, 130429, null, 'rate_limited'],
    [400, 131056, null, 'rate_limited'],
    [400, 4, null, 'rate_limited'],
    [400, 80007, null, 'rate_limited'],
    [500, 131000, null, 'temporarily_unavailable'],
    [503, 131016, null, 'temporarily_unavailable'],
    [400, 131057, null, 'temporarily_unavailable'],
    [500, 1, null, 'temporarily_unavailable'],
    [null, null, null, 'temporarily_unavailable'],
    [429, null, null, 'rate_limited'],
    [502, null, null, 'temporarily_unavailable'],
    [401, null, null, 'token_invalid'],
    [404, null, null, 'invalid_request'],
    [200, null, null, 'unknown'],
    [400, 999999, null, 'invalid_request'],
  ]);

  it('a failed status reported by webhook is classified too: 131047 is window_closed', () => {
    expect(classifyStatusError({ code: 131047, title: 't', message: 'm' })).toEqual({
      code: 131047,
      title: 't',
      message: 'm',
      kind: 'window_closed',
      retryable: false,
    });
    expect(classifyStatusError({ code: null, title: 't', message: 'm' }).kind).toBe('unknown');
  });

  // The retry rule the send job and broadcasts relied on before the neutral kinds, verbatim.
  const LEGACY_RETRYABLE = new Set([
    1, 2, 4, 17, 341, 613, 130429, 131056, 131000, 131016, 131057, 80007,
  ]);
  const legacyRetryable = (status: number | null, code: number | null, transient: boolean) =>
    status === null ||
    status === 429 ||
    status >= 500 ||
    transient ||
    (code !== null && (LEGACY_RETRYABLE.has(code) || (code >= 80001 && code <= 80014)));

  it('retries exactly what it retried before, for every code, status and transient flag', () => {
    const codes = [
      null,
      1,
      2,
      4,
      10,
      17,
      100,
      102,
      190,
      200,
      230,
      341,
      368,
      613,
      80001,
      80007,
      80014,
      80015,
      130429,
      130497,
      131000,
      131008,
      131016,
      131026,
      131031,
      131047,
      131048,
      131050,
      131051,
      131056,
      131057,
      132000,
      132015,
      424242,
    ];
    for (const status of [null, 200, 400, 401, 403, 404, 429, 500, 503])
      for (const code of codes)
        for (const transient of [false, true]) {
          const b =
            code === null
              ? transient
                ? { error: { is_transient: true } }
                : null
              : body(code, undefined, transient);
          const err = whatsapp.classifyError(status, b);
          expect({ status, code, transient, retryable: err.retryable }).toEqual({
            status,
            code,
            transient,
            retryable: legacyRetryable(status, code, transient),
          });
        }
  });

  it('keeps Meta’s words for the agent: details first, then the message', () => {
    const err = whatsapp.classifyError(400, {
      error: {
        code: 131047,
        message: 'Re-engagement message',
        error_user_title: 'Window',
        error_data: { details: 'Message failed to send because more than 24 hours have passed' },
      },
    });
    expect(err.info).toEqual({
      code: 131047,
      title: 'Window',
      message: 'Message failed to send because more than 24 hours have passed',
    });
  });
});

const metaRows = (windowSubcode: number, otherWindowSubcode: number): Row[] => [
  [400, 10, windowSubcode, 'window_closed'],
  // The other platform's window subcode is not this one's: only "permission missing".
  [400, 10, otherWindowSubcode, 'permission_denied'],
  [403, 10, null, 'permission_denied'],
  [400, 10, 1893063, 'permission_denied'],
  [400, 551, null, 'recipient_invalid'],
  [400, 551, 1545041, 'recipient_invalid'],
  [400, 100, 2018001, 'recipient_invalid'],
  [400, 100, null, 'invalid_request'],
  [400, 100, 2018218, 'invalid_request'],
  [400, 190, null, 'token_invalid'],
  [400, 190, 460, 'token_invalid'],
  [400, 200, null, 'permission_denied'],
  [400, 230, null, 'permission_denied'],
  [400, 4, null, 'rate_limited'],
  [400, 32, null, 'rate_limited'],
  [400, 613, null, 'rate_limited'],
  [400, 80006, null, 'rate_limited'],
  [500, 1, null, 'temporarily_unavailable'],
  [500, 2, null, 'temporarily_unavailable'],
  [500, 100, null, 'temporarily_unavailable'],
  [null, null, null, 'temporarily_unavailable'],
];

describe('Messenger error classification (meta-messaging.md §3.6)', () => {
  check(messenger, metaRows(2018278, 2534022));
});

describe('Instagram error classification (meta-messaging.md §3.6)', () => {
  check(instagram, metaRows(2534022, 2018278));
});

describe('a refusal by the reply window', () => {
  it('is a window_closed ProviderError with the rule in words, never retried', () => {
    const err = new WindowClosedError('human_agent_expired');
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({
      kind: 'window_closed',
      retryable: false,
      refusal: 'human_agent_expired',
      httpStatus: null,
    });
    expect(err.message).toBe(WINDOW_REFUSAL_MESSAGES.human_agent_expired);
  });

  it('an error built the old way keeps a kind consistent with its retry flag', () => {
    const info = { code: 1, title: 't', message: 'm' };
    expect(new ProviderError(info, true, 500).kind).toBe('temporarily_unavailable');
    expect(new ProviderError(info, false, 400).kind).toBe('unknown');
  });
});
