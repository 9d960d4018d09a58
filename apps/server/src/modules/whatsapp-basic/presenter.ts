import {
  WABASIC_MAX_QR_ROTATIONS,
  WABASIC_STATE_MESSAGES,
  type WabasicQr,
  type WabasicStatus,
  type WabasicUser,
} from '@sapa/contracts';
import type { SecretBox } from '../../lib/crypto.js';
import type { SessionView } from './repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentStatus(v: SessionView | null): WabasicStatus {
  if (!v)
    return {
      channel: null,
      name: null,
      state: 'unlinked',
      reason: null,
      message: WABASIC_STATE_MESSAGES.unlinked,
      since: null,
      lastConnectedAt: null,
      needsAttention: false,
      includeGroups: false,
    };
  return {
    channel: v.channel_id,
    name: v.name,
    state: v.state,
    reason: v.reason,
    message: WABASIC_STATE_MESSAGES[v.state],
    since: iso(v.state_changed_at),
    lastConnectedAt: iso(v.last_connected_at),
    needsAttention: v.health_reason !== null,
    includeGroups: v.include_groups,
  };
}

/** The QR only while linking and not yet expired; it carries key material, so it is sealed at rest. */
export function presentQr(v: SessionView | null, secrets: SecretBox, now: Date): WabasicQr {
  const live =
    v?.state === 'linking' &&
    v.qr_sealed !== null &&
    (v.qr_expires_at === null || v.qr_expires_at > now);
  return {
    channel: v?.channel_id ?? null,
    state: v?.state ?? 'unlinked',
    qr: live ? secrets.open(v.qr_sealed!) : null,
    expiresAt: live ? iso(v.qr_expires_at) : null,
    rotation: v?.qr_rotation ?? 0,
    maxRotations: WABASIC_MAX_QR_ROTATIONS,
  };
}

export function presentUser(v: SessionView | null): WabasicUser {
  return {
    channel: v?.channel_id ?? null,
    user: v?.phone ? { phone: v.phone, name: v.push_name, linkedAt: iso(v.linked_at) } : null,
  };
}
