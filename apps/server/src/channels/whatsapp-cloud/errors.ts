import {
  classifyGraphError,
  classifyReportedError,
  codeTable,
  range,
  type ClassifiedErrorInfo,
  type ProviderError,
  type ProviderErrorInfo,
} from '../errors.js';

/**
 * WhatsApp Cloud's own codes (meta-messaging.md §2.7) on top of the Graph ones. 131047 is the
 * closed 24-hour window: named here, and only here, as `window_closed`.
 */
export const WHATSAPP_CODES = codeTable([
  [131047, 'window_closed'],
  [131026, 'recipient_invalid'],
  [131050, 'recipient_invalid'],
  [131021, 'invalid_request'],
  [130429, 'rate_limited'],
  [131056, 'rate_limited'],
  [131000, 'temporarily_unavailable'],
  [131016, 'temporarily_unavailable'],
  [131057, 'temporarily_unavailable'],
  [131048, 'permission_denied'],
  [131049, 'permission_denied'],
  [131031, 'permission_denied'],
  [130497, 'permission_denied'],
  [131008, 'invalid_request'],
  [131009, 'invalid_request'],
  [131051, 'invalid_request'],
  [131053, 'invalid_request'],
  ...range(132000, 132016).map((c) => [c, 'invalid_request'] as const),
  // After the range: a later entry wins. The template (or its language) does not exist.
  [132001, 'template_missing'],
]);

/** Turns a Graph error answer (or a transport failure) into a classified ProviderError. */
export function graphError(status: number | null, body: unknown): ProviderError {
  return classifyGraphError(WHATSAPP_CODES, status, body);
}

/** A failed status's error, classified (131047 → window_closed). */
export function classifyStatusError(info: ProviderErrorInfo): ClassifiedErrorInfo {
  return classifyReportedError(WHATSAPP_CODES, info);
}
