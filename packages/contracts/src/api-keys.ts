import { z } from 'zod';
import { idField, requiredString } from './fields.js';
import { validationMessage as vm } from './messages.js';

/**
 * What an API key may do, one entry per kind of machine work. A route names the scope it needs
 * in its config; a key without it gets 403. Grouped by resource for the key form.
 */
export const SCOPES = [
  'messages:send',
  'messages:read',
  'chats:read',
  'chats:write',
  'contacts:read',
  'contacts:write',
  'templates:read',
  'templates:write',
  'broadcasts:read',
  'broadcasts:write',
  'reports:read',
  'webhooks:write',
] as const;
export const scopeSchema = z.enum(SCOPES, {
  error: (iss) => `Unknown scope: ${String(iss.input)}. Use one of: ${SCOPES.join(', ')}`,
});
export type Scope = z.infer<typeof scopeSchema>;

/** The scope's label on the key form and in the OpenAPI page, in both languages. */
export const SCOPE_LABELS: Record<Scope, { en: string; id: string }> = {
  'messages:send': {
    en: 'Send text, media and template messages',
    id: 'Kirim pesan teks, media, dan template',
  },
  'messages:read': { en: 'Read messages', id: 'Baca pesan' },
  'chats:read': { en: 'Read chats', id: 'Baca chat' },
  'chats:write': {
    en: 'Assign, label and resolve chats',
    id: 'Tugaskan, beri label, dan selesaikan chat',
  },
  'contacts:read': { en: 'Read contacts and groups', id: 'Baca kontak dan grup' },
  'contacts:write': {
    en: 'Create and change contacts and groups',
    id: 'Buat dan ubah kontak dan grup',
  },
  'templates:read': { en: 'Read templates', id: 'Baca template' },
  'templates:write': { en: 'Create and change templates', id: 'Buat dan ubah template' },
  'broadcasts:read': {
    en: 'Read broadcasts, recipients and results',
    id: 'Baca broadcast, penerima, dan hasil',
  },
  'broadcasts:write': { en: 'Create and control broadcasts', id: 'Buat dan kendalikan broadcast' },
  'reports:read': { en: 'Read reports', id: 'Baca laporan' },
  'webhooks:write': { en: 'Manage webhook endpoints', id: 'Kelola endpoint webhook' },
};

/** The resource a scope belongs to: the part before the colon. */
export const scopeResource = (scope: Scope): string => scope.slice(0, scope.indexOf(':'));

/**
 * Every key starts with this, so a leaked key is recognisable (secret scanners, logs); the short
 * public id after it names the key in lists without revealing it.
 */
export const API_KEY_PREFIX = 'sapa_live_';

export const API_KEY_NAME_MAX = 80;

export const apiKeyStateSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyState = z.infer<typeof apiKeyStateSchema>;

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** `sapa_live_` and the key's public id: what lists show; never enough to use the key. */
  prefix: z.string(),
  scopes: z.array(scopeSchema),
  createdAt: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: apiKeyStateSchema,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/api-keys` answers the key itself, this once; it is stored only as a hash. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

export const createApiKeyBodySchema = z.object({
  name: requiredString('name').max(API_KEY_NAME_MAX, vm.max('name', API_KEY_NAME_MAX)),
  scopes: z
    .array(scopeSchema)
    .min(1, 'Choose at least one scope')
    .max(SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope may appear only once'),
  /** Optional; must lie in the future (checked by the service against its clock). */
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be an ISO date-time' })
    .nullable()
    .optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeyParamsSchema = z.object({ id: idField });
