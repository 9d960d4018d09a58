import {
  CONTACT_IMPORT_LIMITS,
  CONTACT_REASONS,
  contactAttributeBodySchema,
  contactAttributeListSchema,
  contactAttributeSchema,
  contactAttributeUpdateBodySchema,
  contactBodySchema,
  contactDeleteResultSchema,
  contactExportQuerySchema,
  contactIdParamsSchema,
  contactImportCommitBodySchema,
  contactImportIdParamsSchema,
  contactImportPreviewSchema,
  contactImportRejectedQuerySchema,
  contactImportResultSchema,
  contactListQuerySchema,
  contactListSchema,
  contactMergeBodySchema,
  contactPictureQuerySchema,
  contactSchema,
  contactUpdateBodySchema,
  okSchema,
} from '@sapa/contracts';
import { callerOf, principalOf } from '../../http/authenticate.js';
import { sendSheet } from '../../http/download.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { ContactAttributesService } from './attributes.service.js';
import { ContactExportService } from './export.service.js';
import { ContactImportService } from './import.service.js';
import { ContactMergeService } from './merge.service.js';
import { ContactsService } from './service.js';
import { readMultipartFile } from '../../http/multipart.js';
import { sendStoredMedia } from '../media/index.js';

/** /api/contacts: the account's customers, their attributes, import and export. */
export function contactsRoutes(app: App, { deps }: ModuleContext): void {
  const contacts = new ContactsService(deps);
  const attributes = new ContactAttributesService(deps);
  const imports = new ContactImportService(deps);
  const exports = new ContactExportService(deps);
  const merges = new ContactMergeService(deps, contacts);
  const tags = ['contacts'];
  const id = { params: contactIdParamsSchema };

  app.get(
    '/api/contacts',
    {
      config: { action: 'contacts.read', scope: 'contacts:read' },
      schema: {
        tags,
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => contacts.list(callerOf(request), request.query),
  );

  // Static paths are registered before /:id so "export" or "attributes" is never read as an id.
  app.get(
    '/api/contacts/export',
    {
      config: { action: 'contacts.export' },
      schema: {
        tags,
        description:
          'Every matching contact as CSV (UTF-8 with BOM) or XLSX, attributes as columns.',
        querystring: contactExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        request.query.format,
        await exports.export(principalOf(request), request.query),
      ),
  );

  app.get(
    '/api/contacts/attributes',
    {
      config: { action: 'contacts.read', scope: 'contacts:read' },
      schema: { tags, response: { 200: contactAttributeListSchema, ...errorResponses(401, 403) } },
    },
    async (request) => attributes.list(callerOf(request)),
  );
  app.post(
    '/api/contacts/attributes',
    {
      config: { action: 'contactAttributes.manage' },
      schema: {
        tags,
        body: contactAttributeBodySchema,
        response: { 201: contactAttributeSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await attributes.create(principalOf(request), request.body)),
  );
  app.patch(
    '/api/contacts/attributes/:id',
    {
      config: { action: 'contactAttributes.manage' },
      schema: {
        tags,
        ...id,
        body: contactAttributeUpdateBodySchema,
        response: { 200: contactAttributeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => attributes.update(principalOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/contacts/attributes/:id',
    {
      config: { action: 'contactAttributes.manage' },
      schema: { tags, ...id, response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => attributes.remove(principalOf(request), request.params.id),
  );

  app.post(
    '/api/contacts/import/preview',
    {
      config: { action: 'contacts.import' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: contactImportPreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const file = await readMultipartFile(request, {
        maxBytes: CONTACT_IMPORT_LIMITS.fileBytes,
        tooLarge: CONTACT_REASONS.fileTooLarge,
      });
      const bytes = await file.bytes();
      return imports.preview(principalOf(request), { bytes, filename: file.filename });
    },
  );
  app.post(
    '/api/contacts/import/commit',
    {
      config: { action: 'contacts.import' },
      schema: {
        tags,
        body: contactImportCommitBodySchema,
        response: { 200: contactImportResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => imports.commit(principalOf(request), request.body),
  );
  app.get(
    '/api/contacts/import/:importId/rejected',
    {
      config: { action: 'contacts.import' },
      schema: {
        tags,
        description: 'The rows the import refused, as the file had them, with a reason column.',
        params: contactImportIdParamsSchema,
        querystring: contactImportRejectedQuerySchema,
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        request.query.format,
        await imports.rejectedFile(
          principalOf(request),
          request.params.importId,
          request.query.format,
        ),
      ),
  );

  app.get(
    '/api/contacts/:id',
    {
      config: { action: 'contacts.read', scope: 'contacts:read' },
      schema: {
        tags,
        ...id,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contacts.get(callerOf(request), request.params.id),
  );
  // Meta's profile picture of a Messenger or Instagram customer, kept in Sapa's storage. Its URL
  // (`pictureUrl`) names the picture's version, so the browser may keep it for a week.
  app.get(
    '/api/contacts/:id/picture',
    {
      config: { action: 'contacts.read' },
      schema: {
        tags,
        ...id,
        querystring: contactPictureQuerySchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendStoredMedia(
        reply,
        deps,
        await contacts.picture(principalOf(request), request.params.id),
        'private, max-age=604800',
      ),
  );
  app.post(
    '/api/contacts',
    {
      config: { action: 'contacts.write', scope: 'contacts:write' },
      schema: {
        tags,
        body: contactBodySchema,
        response: { 201: contactSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await contacts.create(callerOf(request), request.body)),
  );
  app.patch(
    '/api/contacts/:id',
    {
      config: { action: 'contacts.write', scope: 'contacts:write' },
      schema: {
        tags,
        ...id,
        body: contactUpdateBodySchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => contacts.update(callerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/contacts/:id',
    {
      config: { action: 'contacts.delete' },
      schema: {
        tags,
        ...id,
        response: { 200: contactDeleteResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contacts.remove(principalOf(request), request.params.id),
  );
  // Undoes the archive a delete leaves on a contact with chats; the same people may do both.
  app.post(
    '/api/contacts/:id/restore',
    {
      config: { action: 'contacts.delete' },
      schema: {
        tags,
        ...id,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contacts.restore(principalOf(request), request.params.id),
  );

  app.post(
    '/api/contacts/:id/merge',
    {
      config: { action: 'contacts.merge' },
      schema: {
        tags,
        description:
          'Groups the contact with another as one person (the same customer on two channels); ' +
          'each keeps its identity and chats. Merging contacts already together changes nothing.',
        ...id,
        body: contactMergeBodySchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      merges.merge(principalOf(request), request.params.id, request.body.otherContactId),
  );
  app.post(
    '/api/contacts/:id/unmerge',
    {
      config: { action: 'contacts.merge' },
      schema: {
        tags,
        description:
          'Takes the contact out of its person; the last contact left alone leaves it too.',
        ...id,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => merges.unmerge(principalOf(request), request.params.id),
  );
}
