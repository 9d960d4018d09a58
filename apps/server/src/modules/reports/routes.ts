import {
  dashboardSchema,
  reportExportQuerySchema,
  reportQuerySchema,
  reportSchema,
  reportTargetsSchema,
  usageDailyQuerySchema,
  usageRangeQuerySchema,
  usageReportSchema,
  usageWeeklyQuerySchema,
} from '@sapa/contracts';
import { callerOf, principalOf } from '../../http/authenticate.js';
import { errorResponses } from '../../http/error-responses.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { dashboardOf } from './dashboard.service.js';
import { exportReport } from './export/service.js';
import { ReportsService } from './service.js';

/** /api/reports (tabs, spec §7 usage reports, targets) and /api/dashboard. */
export function reportsRoutes(app: App, { deps }: ModuleContext): void {
  const reports = new ReportsService(deps);
  const tags = ['reports'];

  app.get(
    '/api/reports',
    {
      config: { action: 'reports.read', scope: 'reports:read' },
      schema: {
        tags,
        description:
          'One tab of the reports for whole days in the account time zone; agents get their own figures, supervisors their agents, division-only users their divisions.',
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reports.report(callerOf(request), request.query),
  );

  app.get(
    '/api/reports/export',
    {
      config: { action: 'reports.read', scope: 'reports:read' },
      schema: {
        tags,
        description:
          "A tab as a file: CSV or XLSX hold the tab's table, PDF the whole tab (figures, chart, table).",
        querystring: reportExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportReport(deps, reports, callerOf(request), request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/reports/daily/usage',
    {
      config: { action: 'reports.usage', scope: 'reports:read' },
      schema: {
        tags,
        querystring: usageDailyQuerySchema,
        response: { 200: usageReportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reports.usage(callerOf(request), request.query.date, request.query.date),
  );

  app.get(
    '/api/reports/weekly/usage',
    {
      config: { action: 'reports.usage', scope: 'reports:read' },
      schema: {
        tags,
        querystring: usageWeeklyQuerySchema,
        response: { 200: usageReportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reports.usageWeek(callerOf(request), request.query.week),
  );

  app.get(
    '/api/reports/usage',
    {
      config: { action: 'reports.usage', scope: 'reports:read' },
      schema: {
        tags,
        querystring: usageRangeQuerySchema,
        response: { 200: usageReportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reports.usage(callerOf(request), request.query.from, request.query.to),
  );

  app.get(
    '/api/reports/targets',
    {
      config: { action: 'reports.read', scope: 'reports:read' },
      schema: { tags, response: { 200: reportTargetsSchema, ...errorResponses(401, 403) } },
    },
    async (request) => reports.targets(callerOf(request).accountId),
  );

  app.put(
    '/api/reports/targets',
    {
      config: { action: 'reports.targets' },
      schema: {
        tags,
        body: reportTargetsSchema,
        response: { 200: reportTargetsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reports.setTargets(principalOf(request), request.body),
  );

  app.get(
    '/api/dashboard',
    {
      config: { action: 'dashboard.read' },
      schema: { tags, response: { 200: dashboardSchema, ...errorResponses(401, 403) } },
    },
    async (request) => dashboardOf(deps, reports, principalOf(request)),
  );
}
