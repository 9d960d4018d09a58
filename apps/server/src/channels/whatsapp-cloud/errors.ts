import { ProviderError, type ProviderErrorInfo } from '../types.js';

// Reference §2.7 and §4: which Graph / WhatsApp codes are worth retrying.
const RETRYABLE_CODES = new Set([
  1, 2, 4, 17, 341, 613, 130429, 131056, 131000, 131016, 131057, 80007,
]);

export function isRetryableCode(code: number | null): boolean {
  if (code === null) return false;
  return RETRYABLE_CODES.has(code) || (code >= 80001 && code <= 80014);
}

interface GraphErrorBody {
  error?: {
    message?: string;
    code?: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_user_title?: string;
    error_data?: { details?: string };
  };
}

/** Turns a Graph error answer (or a transport failure) into a classified ProviderError. */
export function graphError(status: number | null, body: unknown): ProviderError {
  const err = (body as GraphErrorBody | null)?.error;
  const code = typeof err?.code === 'number' ? err.code : null;
  const info: ProviderErrorInfo = {
    code,
    title: err?.error_user_title ?? (status ? `HTTP ${status}` : 'Network error'),
    message:
      err?.error_data?.details ??
      err?.message ??
      (status ? `Graph API answered ${status}` : 'Graph API unreachable'),
  };
  const retryable =
    status === null ||
    status === 429 ||
    status >= 500 ||
    err?.is_transient === true ||
    isRetryableCode(code);
  return new ProviderError(info, retryable, status);
}
