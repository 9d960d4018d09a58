import { z } from 'zod';
import { text } from './text.js';
import { channelTypeSchema } from './channels.js';
import { idField, queryBoolean, requiredString } from './fields.js';
import { validationMessage as vm } from './messages.js';

/**
 * Contacts and contact groups (issue 5). A contact is the customer as a record: one canonical
 * phone (spec §5 helper: a leading plus, zero or 62 stripped), its addresses on each channel
 * (taken from its chats), notes, custom attributes the account defines, labels and groups.
 */

export const CONTACT_ATTRIBUTE_TYPES = ['text', 'number', 'date', 'boolean'] as const;

export const contactAttributeSchema = z.object({
  _id: z.string(),
  /** Stable key used in `attributes` and in import/export column headers. */
  key: z.string(),
  label: z.string(),
  type: z.enum(CONTACT_ATTRIBUTE_TYPES),
  createdAt: z.string(),
});
export type ContactAttribute = z.infer<typeof contactAttributeSchema>;
export const contactAttributeListSchema = z.object({ data: z.array(contactAttributeSchema) });
export const contactAttributeBodySchema = z.object({
  key: requiredString('key')
    .max(40, vm.max('key', 40))
    .regex(/^[a-z][a-z0-9_]*$/, 'The key may only contain lowercase letters, numbers and _'),
  label: requiredString('label').max(60, vm.max('label', 60)),
  type: z.enum(CONTACT_ATTRIBUTE_TYPES).default('text'),
});
export const contactAttributeUpdateBodySchema = z.object({
  label: requiredString('label').max(60, vm.max('label', 60)).optional(),
  type: z.enum(CONTACT_ATTRIBUTE_TYPES).optional(),
});

const contactChannelSchema = z.object({
  channel: channelTypeSchema,
  identifier: z.string(),
  chatId: z.string(),
});
export const mergedContactSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  archived: z.boolean(),
  channels: z.array(contactChannelSchema),
});
export type MergedContact = z.infer<typeof mergedContactSchema>;

export const contactSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Canonical phone (normalizePhone), or null for contacts known only by a channel id. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string(),
  /** Values by attribute key; stored as text, typed by the attribute definition. */
  attributes: z.record(z.string(), z.string()),
  labels: z.array(z.string()),
  groupIds: z.array(z.string()),
  /** Where the customer can be reached: one entry per chat. */
  channels: z.array(contactChannelSchema),
  /**
   * Where the customer's picture is served (`GET /api/contacts/{id}/picture`), when Sapa has one
   * (Messenger and Instagram profiles); absent otherwise. The URL changes with the picture.
   */
  pictureUrl: z.string().optional(),
  /**
   * Issue 17: the other contacts merged with this one as one person (the same customer on
   * WhatsApp and Instagram), each with its own identity and the chats the caller may see.
   * /api/contacts always answers it; a contact group's member list leaves it out.
   */
  mergedWith: z.array(mergedContactSchema).optional(),
  archived: z.boolean(),
  lastChatAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = z.object({
  searchText: text().trim().max(200).optional(),
  channel: channelTypeSchema.optional(),
  label: z.uuid().optional(),
  groupId: z.uuid().optional(),
  archived: queryBoolean.default(false),
  perpage: z.coerce.number().int().min(1).max(200).default(50),
  startKey: text().max(200).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;
export const contactListSchema = z.object({
  data: z.array(contactSchema),
  nextKey: z.string().nullable(),
  total: z.number(),
});

const emailOrEmpty = text()
  .trim()
  .max(254)
  .refine(
    (v) => v === '' || z.email().safeParse(v).success,
    'The value is not a valid email address',
  );

export const contactBodySchema = z.object({
  name: requiredString('name').max(120, vm.max('name', 120)),
  /** Any common form (+62…, 62…, 0…, with spaces or dashes); stored canonical. */
  phone: text().trim().max(32).optional(),
  email: emailOrEmpty.optional(),
  notes: text().max(2000, vm.max('notes', 2000)).default(''),
  attributes: z.record(text(), text().max(500)).default({}),
  labels: z.array(idField).max(20).default([]),
});
export const contactUpdateBodySchema = z.object({
  name: requiredString('name').max(120, vm.max('name', 120)).optional(),
  phone: text().trim().max(32).nullable().optional(),
  email: emailOrEmpty.nullable().optional(),
  notes: text().max(2000, vm.max('notes', 2000)).optional(),
  attributes: z.record(text(), text().max(500)).optional(),
  labels: z.array(idField).max(20).optional(),
});
export const contactIdParamsSchema = z.object({ id: idField });
/**
 * What a contact's picture may be: the profile job keeps only these (judged by the bytes), and
 * only these are served from Sapa's origin (an SVG could carry script, a CDN error page HTML).
 */
export const CONTACT_PICTURE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
];
/** `v` names the picture's version (its `pictureUrl` carries it), so a new picture is a new URL. */
export const contactPictureQuerySchema = z.object({ v: text().max(64).optional() });
/** POST /api/contacts/{id}/merge: the contact to group with `id` as one person. */
export const contactMergeBodySchema = z.object({ otherContactId: idField });
export type ContactMergeBody = z.infer<typeof contactMergeBodySchema>;

/** DELETE answer: a contact with chats is archived (its history stays), one without is deleted. */
export const contactDeleteResultSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });

// ---------- Import / export ----------

export const CONTACT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const contactExportQuerySchema = contactListQuerySchema
  .omit({ perpage: true, startKey: true })
  .extend({ format: z.enum(CONTACT_EXPORT_FORMATS).default('csv') });

/** One row the import refused, with why; rows are numbered as in the file (header = row 1). */
export const importRejectedRowSchema = z.object({
  row: z.number(),
  reason: z.string(),
  values: z.record(z.string(), z.string()),
});

/**
 * `POST /api/contacts/import/preview` (multipart `file`: CSV or XLSX): nothing is written yet.
 * The answer's `importId` commits exactly the previewed rows.
 */
export const contactImportPreviewSchema = z.object({
  importId: z.string(),
  filename: z.string(),
  columns: z.array(z.string()),
  totalRows: z.number(),
  validRows: z.number(),
  /** Of the valid rows, how many update an existing contact (same canonical phone). */
  mergeRows: z.number(),
  sample: z.array(z.record(z.string(), z.string())),
  rejected: z.array(importRejectedRowSchema),
});
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

export const contactImportCommitBodySchema = z.object({
  importId: text().min(1),
  groupId: z.uuid().optional(),
});
export const contactImportResultSchema = z.object({
  created: z.number(),
  merged: z.number(),
  rejected: z.number(),
});

// ---------- Groups ----------

export const contactGroupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The channel its members are reached on by broadcasts; null means any. */
  channel: channelTypeSchema.nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
});
export type ContactGroup = z.infer<typeof contactGroupSchema>;

/** Spec §7 `GET contacts/groups` with `groups` (comma-separated ids) and `channel`. */
export const contactGroupListQuerySchema = z.object({
  groups: text().max(4000).optional(),
  channel: channelTypeSchema.optional(),
  searchText: text().trim().max(60).optional(),
});
export const contactGroupListSchema = z.object({ data: z.array(contactGroupSchema) });
export const contactGroupBodySchema = z.object({
  name: requiredString('name').max(60, vm.max('name', 60)),
  description: text().trim().max(512, vm.max('description', 512)).default(''),
  channel: channelTypeSchema.nullable().default(null),
});
export const contactGroupUpdateBodySchema = z.object({
  name: requiredString('name').max(60, vm.max('name', 60)).optional(),
  description: text().trim().max(512, vm.max('description', 512)).optional(),
  channel: channelTypeSchema.nullable().optional(),
});
export const contactGroupMembersBodySchema = z.object({
  contactIds: z.array(idField).min(1).max(10_000),
});
export const contactGroupMembersResultSchema = z.object({
  changed: z.number(),
  memberCount: z.number(),
});
