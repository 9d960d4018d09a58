import {
  billingProfileBodySchema,
  billingProfileSchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoicePdfQuerySchema,
  invoiceSchema,
  taxBillingIdSchema,
} from '@sapa/contracts';
import { principalOf } from '../../../http/authenticate.js';
import { errorResponses } from '../../../http/error-responses.js';
import type { App } from '../../../http/types.js';
import type { ModuleContext } from '../../registry.js';
import { BillingProfileService } from './profile.service.js';
import { InvoicesService } from './service.js';

/** /api/billing: the account's invoices, their PDFs, and the buyer details printed on them. */
export function invoiceRoutes(app: App, { deps }: ModuleContext): void {
  const invoices = new InvoicesService(deps);
  const profiles = new BillingProfileService(deps);
  const tags = ['billing'];
  const read = { action: 'invoices.read' } as const;

  app.get(
    '/api/billing',
    {
      config: { ...read, apiOnlyAllowed: true },
      schema: {
        tags,
        description: 'Invoices, newest first; `year` narrows to one numbering year (Asia/Jakarta).',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => invoices.list(principalOf(request).accountId, request.query),
  );

  app.get(
    '/api/billing/first',
    {
      config: { ...read, apiOnlyAllowed: true },
      schema: {
        tags,
        description: 'The newest invoice; 404 while the account has none.',
        response: { 200: invoiceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => invoices.newest(principalOf(request).accountId),
  );

  app.get(
    '/api/billing/profile',
    {
      config: { apiOnlyAllowed: true, action: 'billingProfile.read' },
      schema: {
        tags,
        description: 'The buyer on invoices; the account name until an admin saves it.',
        response: { 200: billingProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => profiles.get(principalOf(request).accountId),
  );

  app.put(
    '/api/billing/profile',
    {
      config: { apiOnlyAllowed: true, action: 'billingProfile.update' },
      schema: {
        tags,
        description: 'Applies to invoices issued from now on.',
        body: billingProfileBodySchema,
        response: { 200: billingProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => profiles.update(principalOf(request).accountId, request.body),
  );

  app.get(
    '/api/billing/:id',
    {
      config: { ...read, apiOnlyAllowed: true },
      schema: {
        tags,
        params: invoiceIdParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => invoices.get(principalOf(request).accountId, request.params.id),
  );

  app.get(
    '/api/billing/:id/tax-billing-id',
    {
      config: { ...read, apiOnlyAllowed: true },
      schema: {
        tags,
        description: 'The tax invoice number (NSFP, 17 digits) once the platform entered it.',
        params: invoiceIdParamsSchema,
        response: { 200: taxBillingIdSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const invoice = await invoices.get(principalOf(request).accountId, request.params.id);
      return { taxInvoiceNumber: invoice.taxInvoiceNumber };
    },
  );

  app.get(
    '/api/billing/:id/pdf',
    {
      config: { ...read, apiOnlyAllowed: true },
      schema: {
        tags,
        description: 'The invoice as a PDF, in `lang` (default: the caller’s language).',
        params: invoiceIdParamsSchema,
        querystring: invoicePdfQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await invoices.pdf(principalOf(request), request.params.id, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
