import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyContextConfig } from 'fastify';
import {
  API_KEY_PREFIX,
  IDEMPOTENCY_TTL_HOURS,
  SCOPE_LABELS,
  apiErrorSchema,
} from '@sapa/contracts';

type Transform = NonNullable<Extract<SwaggerOptions, { mode?: 'dynamic' }>['transform']>;

const CHAT = '3f1e2d4c-5b6a-4789-8abc-def012345678';

/** Request bodies shown on the machine routes of /api/docs, so a first call can be copied. */
const EXAMPLES: Record<string, unknown> = {
  'POST /api/messages': { chatId: CHAT, text: 'Your order has shipped', generatedId: 'order-1042' },
  'POST /api/messages/template': {
    chatId: CHAT,
    templateId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    params: ['Budi', '1042'],
    generatedId: 'order-1042-shipped',
  },
  'POST /api/chats/assign': { chatId: CHAT, agentId: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5' },
  'POST /api/chats/labels': { chatId: CHAT, labelIds: ['5d6e7f80-91a2-4b3c-8d4e-5f60718293a4'] },
  'POST /api/chats/resolve-ticket': { chatId: CHAT },
  'POST /api/contacts': { name: 'Budi Santoso', phone: '6281234567890' },
};

/** The bearer schemes in the document: a person's session token, or an API key. */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${API_KEY_PREFIX}…`,
    description:
      'An API key from Settings › API. It works only on operations that name a scope in `x-scopes` and only with that scope.',
  },
} as const;

type TransformInput = Parameters<Transform>[0];
type JsonObject = Record<string, unknown>;
type MachineConfig = Pick<FastifyContextConfig, 'scope' | 'idempotent' | 'answerHoldsSecret'>;

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    type: 'integer',
    description: 'Requests this key may make per minute (per server process).',
  },
  'RateLimit-Remaining': {
    type: 'integer',
    description: 'Requests left in the current minute.',
  },
  'RateLimit-Reset': {
    type: 'integer',
    description: 'Seconds until the minute starts again.',
  },
};
const RETRY_AFTER = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' },
};
const REPLAYED = {
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description:
      'Present on a retry with the same `Idempotency-Key`: this is the stored first answer, nothing ran again.',
  },
};

const IDEMPOTENCY_KEY_PARAM = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7e]+$',
  description: `Makes a retry safe: the same key with the same body answers the first answer again (kept ${IDEMPOTENCY_TTL_HOURS} h) instead of running twice; with a different body 422; while the first is still running 409 with \`Retry-After\`. A UUID per intended write is a good choice.`,
};

const ANSWERS = {
  409: 'A request with this `Idempotency-Key` is still running (retry after `Retry-After`), or it created something whose secret was shown only once.',
  422: 'This `Idempotency-Key` was already used with a different request.',
  429: "Over this API key's rate limit: wait `Retry-After` seconds.",
} as const;

/** The machine answers a route may give that its own schema does not list (they are added). */
function machineStatuses(config: MachineConfig): (409 | 422 | 429)[] {
  return [
    ...(config.idempotent ? ([409, 422] as const) : []),
    ...(config.scope ? ([429] as const) : []),
  ];
}

/** Adds the error shape for the machine answers, so the zod transform documents them too. */
function withMachineAnswers(input: TransformInput, config: MachineConfig): TransformInput {
  const extra = machineStatuses(config);
  const schema = input.schema as JsonObject | undefined;
  if (!extra.length || !schema) return input;
  const response = { ...((schema.response as JsonObject | undefined) ?? {}) };
  for (const status of extra) response[status] ??= apiErrorSchema;
  return { ...input, schema: { ...schema, response } } as TransformInput;
}

/** Describes the machine answers and adds the headers each answer carries. */
function documentMachineAnswers(schema: JsonObject, config: MachineConfig): void {
  const responses = { ...((schema.response as JsonObject | undefined) ?? {}) };
  for (const status of machineStatuses(config)) {
    const answer = { ...(responses[status] as JsonObject) };
    const own = typeof answer.description === 'string' ? `${answer.description} ` : '';
    answer.description = `${own}${ANSWERS[status]}`.trim();
    if (status === 429 || status === 409) answer.headers = { ...RETRY_AFTER };
    responses[status] = answer;
  }
  for (const [status, value] of Object.entries(responses)) {
    const answer = { ...(value as JsonObject) };
    const headers = { ...((answer.headers as JsonObject | undefined) ?? {}) };
    if (config.scope) Object.assign(headers, RATE_LIMIT_HEADERS);
    if (config.idempotent && /^2/.test(status)) Object.assign(headers, REPLAYED);
    if (Object.keys(headers).length) answer.headers = headers;
    responses[status] = answer;
  }
  schema.response = responses;
  if (config.idempotent) {
    const headers = (schema.headers as JsonObject | undefined) ?? { type: 'object' };
    const properties = (headers.properties as JsonObject | undefined) ?? {};
    schema.headers = {
      ...headers,
      type: 'object',
      properties: { ...properties, 'Idempotency-Key': IDEMPOTENCY_KEY_PARAM },
    };
  }
}

/**
 * The zod transform, then what API-key callers need: a route with a `scope` accepts a key
 * (`security` names both schemes, `x-scopes` and the description say which scope), shows an
 * example body and documents the `RateLimit-*` headers and 429; a route that creates
 * (`idempotent`) documents `Idempotency-Key`, its 409/422 and `Idempotent-Replayed`. A test walks
 * the document so a new route cannot miss them.
 */
export const openapiTransform: Transform = (input) => {
  const config = (input.route.config ?? {}) as MachineConfig;
  const out = jsonSchemaTransform(withMachineAnswers(input, config));
  if (!out.schema) return out;
  const schema = { ...(out.schema as JsonObject) };
  documentMachineAnswers(schema, config);
  const { scope } = config;
  if (!scope) return { ...out, schema };
  const note = `**API key scope:** \`${scope}\` (${SCOPE_LABELS[scope].en}).`;
  schema.description = schema.description ? `${String(schema.description)}\n\n${note}` : note;
  schema['x-scopes'] = [scope];
  schema.security = [{ bearer: [] }, { apiKey: [scope] }];
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const example = methods.map((m) => EXAMPLES[`${m} ${input.url}`]).find(Boolean);
  if (example && schema.body && typeof schema.body === 'object')
    schema.body = { ...(schema.body as JsonObject), examples: [example] };
  return { ...out, schema };
};
