import type { Readable } from 'node:stream';
import type { ReportExportQuery } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { Caller } from '../../auth/principal.js';
import { writeSheet } from '../../contacts/sheet-writer.js';
import type { ReportsService } from '../service.js';
import { renderReportPdf } from './pdf.js';
import { tableOf } from './table.js';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable | Buffer;
}

/**
 * `GET /api/reports/export`: the tab the caller may see (same checks as the tab itself) as CSV or
 * XLSX (the house's sheet writer: formulas escaped, text cells) or PDF.
 */
export async function exportReport(
  deps: Deps,
  reports: ReportsService,
  p: Caller,
  q: ReportExportQuery,
): Promise<ExportFile> {
  const { format, lang, ...query } = q;
  const report = await reports.report(p, query);
  const table = tableOf(report, lang);
  const name = `report-${q.tab}-${q.from}-${q.to}`;
  if (format === 'pdf') {
    const account = await deps.db
      .selectFrom('accounts')
      .select(['name', 'timezone'])
      .where('id', '=', p.accountId)
      .executeTakeFirstOrThrow();
    const body = await renderReportPdf({
      lang,
      accountName: account.name,
      timeZone: account.timezone,
      from: q.from,
      to: q.to,
      generatedAt: deps.clock.now(),
      table,
    });
    return { filename: `${name}.pdf`, contentType: 'application/pdf', body };
  }
  async function* rows() {
    for (const row of table.rows) yield row.map((v) => (v === null ? '' : String(v)));
  }
  return {
    filename: `${name}.${format}`,
    contentType:
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: writeSheet(
      format,
      table.columns.map((c) => c.label),
      rows(),
    ),
  };
}
