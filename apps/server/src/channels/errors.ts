import { WINDOW_REFUSAL_MESSAGES, type WindowRefusal } from '@sapa/contracts';

/**
 * Provider refusals in words every channel shares. Each adapter maps its provider's codes to
 * these kinds, so the inbox, the send job and channel health ask "was the window closed?" or
 * "was the token refused?" and never name a provider's code (131047, 2018278, 2534022, …).
 */
export const PROVIDER_ERROR_KINDS = [
  'window_closed',
  'rate_limited',
  'recipient_invalid',
  'token_invalid',
  'permission_denied',
  'invalid_request',
  /** The message names a template the provider does not have (in that language). */
  'template_missing',
  'temporarily_unavailable',
  'unknown',
] as const;
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number];

/** The kinds worth trying again later: the provider could not answer, or asked us to slow down. */
const RETRYABLE_KINDS: ReadonlySet<ProviderErrorKind> = new Set([
  'rate_limited',
  'temporarily_unavailable',
]);

export const isRetryableKind = (kind: ProviderErrorKind): boolean => RETRYABLE_KINDS.has(kind);

export interface ProviderErrorInfo {
  code: number | null;
  title: string;
  message: string;
}

/** An error as a status webhook or a refusal carries it, with its neutral kind. */
export interface ClassifiedErrorInfo extends ProviderErrorInfo {
  kind: ProviderErrorKind;
  retryable: boolean;
}

/** A provider refusal, classified so the sender knows whether to retry and what went wrong. */
export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  /**
   * A media upload made before the send itself failed: the caller keeps it, as it keeps
   * `SentMessage.uploadedMediaId`, so a retry does not upload the file again.
   */
  uploadedMediaId: string | null = null;

  constructor(
    readonly info: ProviderErrorInfo,
    readonly retryable: boolean,
    readonly httpStatus: number | null,
    kind?: ProviderErrorKind,
  ) {
    super(info.message);
    // Callers from before the neutral kinds pass only `retryable`: keep the two consistent.
    this.kind = kind ?? (retryable ? 'temporarily_unavailable' : 'unknown');
  }
}

/**
 * A send the platform's reply window does not allow, refused before calling the provider. The
 * refusal says which rule (after 7 days, an automatic message after 24 h, …) in words the
 * caller can show as they are.
 */
export class WindowClosedError extends ProviderError {
  constructor(readonly refusal: WindowRefusal) {
    super(
      { code: null, title: 'Reply window closed', message: WINDOW_REFUSAL_MESSAGES[refusal] },
      false,
      null,
      'window_closed',
    );
  }
}

/**
 * A Graph code (and optionally its subcode) → kind. A subcode entry wins over its code's entry:
 * Messenger's 10 is "permission missing" except 10/2018278, "outside the allowed window".
 */
export type GraphCodeTable = ReadonlyMap<string, ProviderErrorKind>;

const key = (code: number, subcode?: number | null) =>
  subcode === undefined || subcode === null ? String(code) : `${code}/${subcode}`;

export function codeTable(
  entries: readonly (readonly [number | readonly [number, number], ProviderErrorKind])[],
): GraphCodeTable {
  return new Map(
    entries.map(([code, kind]) => [
      typeof code === 'number' ? key(code) : key(code[0], code[1]),
      kind,
    ]),
  );
}

export const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Codes every Graph API product shares (meta-messaging.md §4): temporary (1, 2), call-rate
 * limits (4, 17, 341, 613, 80001–80014), token (102, 190), permissions (10, 200–299), bad
 * parameter (100), policy block (368).
 */
export const GRAPH_CODES: GraphCodeTable = codeTable([
  [1, 'temporarily_unavailable'],
  [2, 'temporarily_unavailable'],
  [4, 'rate_limited'],
  [17, 'rate_limited'],
  [341, 'rate_limited'],
  [613, 'rate_limited'],
  ...range(80001, 80014).map((c) => [c, 'rate_limited'] as const),
  [102, 'token_invalid'],
  [190, 'token_invalid'],
  [10, 'permission_denied'],
  ...range(200, 299).map((c) => [c, 'permission_denied'] as const),
  [100, 'invalid_request'],
  [368, 'permission_denied'],
]);

interface GraphErrorBody {
  error?: {
    message?: unknown;
    code?: unknown;
    error_subcode?: unknown;
    is_transient?: unknown;
    error_user_title?: unknown;
    error_user_msg?: unknown;
    error_data?: { details?: unknown } | unknown;
  };
}

const asText = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;
const asCode = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : null;

/** The kind an HTTP status suggests when the body names no code we know. */
function kindOfStatus(status: number | null): ProviderErrorKind {
  if (status === null) return 'temporarily_unavailable';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'temporarily_unavailable';
  if (status === 401) return 'token_invalid';
  if (status === 403) return 'permission_denied';
  if (status >= 400) return 'invalid_request';
  return 'unknown';
}

/** The kind of a Graph error code (subcode first), through the adapter's table then the shared one. */
export function kindOfCode(
  table: GraphCodeTable,
  code: number | null,
  subcode: number | null = null,
): ProviderErrorKind | null {
  if (code === null) return null;
  return (
    (subcode !== null
      ? (table.get(key(code, subcode)) ?? GRAPH_CODES.get(key(code, subcode)))
      : null) ??
    table.get(key(code)) ??
    GRAPH_CODES.get(key(code)) ??
    null
  );
}

/**
 * A Graph error answer (or a transport failure: status null) → a classified ProviderError.
 * An answer Meta itself calls worth retrying (no answer, 429, 5xx, `is_transient`) stays
 * retryable whatever its code: the code then only says which retryable kind.
 */
export function classifyGraphError(
  table: GraphCodeTable,
  status: number | null,
  body: unknown,
): ProviderError {
  const err = (body as GraphErrorBody | null)?.error;
  const code = asCode(err?.code);
  const subcode = asCode(err?.error_subcode);
  const details = asText((err?.error_data as { details?: unknown } | undefined)?.details);
  const info: ProviderErrorInfo = {
    code,
    title: asText(err?.error_user_title) ?? (status ? `HTTP ${status}` : 'Network error'),
    message:
      details ??
      asText(err?.message) ??
      (status ? `Graph API answered ${status}` : 'Graph API unreachable'),
  };
  let kind = kindOfCode(table, code, subcode) ?? kindOfStatus(status);
  const transportRetryable =
    status === null || status === 429 || status >= 500 || err?.is_transient === true;
  if (transportRetryable && !isRetryableKind(kind))
    kind = status === 429 ? 'rate_limited' : 'temporarily_unavailable';
  return new ProviderError(info, isRetryableKind(kind), status, kind);
}

/** A classified copy of an error a webhook reported (a failed status): same table, no HTTP. */
export function classifyReportedError(
  table: GraphCodeTable,
  info: ProviderErrorInfo,
): ClassifiedErrorInfo {
  const kind = kindOfCode(table, info.code) ?? 'unknown';
  return { ...info, kind, retryable: isRetryableKind(kind) };
}
