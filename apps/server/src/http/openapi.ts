import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX, SCOPE_LABELS, type Scope } from '@sapa/contracts';

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

/**
 * The zod transform, then what API-key callers need: a route with a `scope` accepts a key
 * (`security` names both schemes, `x-scopes` and the description say which scope) and shows an
 * example body; every other route is for people signed in.
 */
export const openapiTransform: Transform = (input) => {
  const out = jsonSchemaTransform(input);
  const scope = (input.route.config as { scope?: Scope } | undefined)?.scope;
  if (!scope) return out;
  const schema = { ...(out.schema as Record<string, unknown>) };
  const note = `**API key scope:** \`${scope}\` (${SCOPE_LABELS[scope].en}).`;
  schema.description = schema.description ? `${String(schema.description)}\n\n${note}` : note;
  schema['x-scopes'] = [scope];
  schema.security = [{ bearer: [] }, { apiKey: [scope] }];
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const example = methods.map((m) => EXAMPLES[`${m} ${input.url}`]).find(Boolean);
  if (example && schema.body && typeof schema.body === 'object')
    schema.body = { ...(schema.body as Record<string, unknown>), examples: [example] };
  return { ...out, schema };
};
