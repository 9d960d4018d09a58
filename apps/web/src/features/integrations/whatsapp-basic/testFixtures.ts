import type { Service, WabasicQr, WabasicStatus } from '@sapa/contracts';

export const CHANNEL = 'c0000000-0000-4000-8000-0000000000b1';
export const OTHER = 'c0000000-0000-4000-8000-0000000000b2';

/** A whatsapp_basic channel as `services/all/whatsapp_basic` lists it. */
export function linkedService(overrides: Partial<Service> = {}): Service {
  return {
    _id: CHANNEL,
    name: 'Toko Sari WA',
    channel: 'whatsapp_basic',
    provider: 'whatsapp_basic',
    isEnable: true,
    externalId: CHANNEL,
    displayPhoneNumber: '6281100000001',
    wabaId: null,
    hasAccessToken: false,
    pageId: null,
    instagramAccountId: null,
    humanAgentReplies: null,
    broadcastRate: 80,
    state: 'connected',
    health: {
      status: 'ok',
      reason: null,
      lastWebhookAt: null,
      lastSendErrorAt: null,
      lastSendError: null,
      tokenCheckedAt: null,
      tokenValid: null,
    },
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function status(overrides: Partial<WabasicStatus> = {}): WabasicStatus {
  return {
    channel: CHANNEL,
    name: 'Toko Sari WA',
    state: 'connected',
    reason: null,
    message: null,
    since: '2026-11-25T03:00:00.000Z',
    lastConnectedAt: '2026-11-25T03:00:00.000Z',
    needsAttention: false,
    includeGroups: false,
    ...overrides,
  };
}

export function qr(overrides: Partial<WabasicQr> = {}): WabasicQr {
  return {
    channel: CHANNEL,
    state: 'linking',
    qr: '2@first-qr-string,abc,def',
    expiresAt: '2026-11-25T03:00:20.000Z',
    rotation: 1,
    maxRotations: 5,
    ...overrides,
  };
}
