import PDFDocument from 'pdfkit';
import { formatNumber } from '@sapa/contracts';
import { winAnsi } from '../../billing/index.js';
import { EXPORT_LABELS, type ExportLanguage } from './labels.js';
import type { CellKind, ExportTable } from './table.js';
import { PDF_COLOR, PDF_FONT } from '../../../lib/pdf-style.js';

/**
 * A report tab as PDF, drawn like the invoice and the balance statement (pdfkit, Helvetica,
 * Sapa's green band and boxes), on landscape A4 so a wide table fits: headline figures, a bar
 * chart of the tab's main series, and the table, its head repeated on every page.
 */
export interface ReportPdf {
  lang: ExportLanguage;
  accountName: string;
  timeZone: string;
  from: string;
  to: string;
  generatedAt: Date;
  table: ExportTable;
}

const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const COLOR = PDF_COLOR;
const FONT = PDF_FONT;

/** Seconds as people read them: 45 s, 12 m 5 s, 3 h 20 m, 2 d 4 h. */
export function humanSeconds(s: number, lang: ExportLanguage): string {
  const [d, h, m, sec] = lang === 'id' ? ['h', 'j', 'm', 'd'] : ['d', 'h', 'm', 's'];
  if (s < 60) return `${Math.round(s)} ${sec}`;
  if (s < 3600) return `${Math.floor(s / 60)} ${m} ${Math.round(s % 60)} ${sec}`;
  if (s < 86_400) return `${Math.floor(s / 3600)} ${h} ${Math.floor((s % 3600) / 60)} ${m}`;
  return `${Math.floor(s / 86_400)} ${d} ${Math.floor((s % 86_400) / 3600)} ${h}`;
}

export function cellText(
  value: string | number | null,
  kind: CellKind,
  lang: ExportLanguage,
): string {
  if (value === null || value === '') return '-';
  if (typeof value === 'string') return value;
  if (kind === 'seconds') return humanSeconds(value, lang);
  if (kind === 'money') return `Rp ${formatNumber(value, Number.isInteger(value) ? 0 : 2)}`;
  if (kind === 'rating') return formatNumber(value, 2);
  if (kind === 'percent') return `${formatNumber(value, 1)} %`;
  return formatNumber(value);
}

class Layout {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly r: ReportPdf,
  ) {}

  private text(
    value: string,
    x: number,
    y: number,
    o: {
      size?: number;
      bold?: boolean;
      color?: string;
      width?: number;
      align?: 'left' | 'right';
    } = {},
  ): number {
    const options = { width: o.width ?? CONTENT, align: o.align ?? 'left', lineGap: 1 };
    const safe = winAnsi(value);
    this.doc
      .font(o.bold ? FONT.bold : FONT.regular)
      .fontSize(o.size ?? 8.5)
      .fillColor(o.color ?? COLOR.ink)
      .text(safe, x, y, options);
    return y + this.doc.heightOfString(safe, options);
  }

  private header(): number {
    const L = EXPORT_LABELS[this.r.lang];
    const m = PAGE.margin;
    this.doc.rect(0, 0, PAGE.width, 6).fill(COLOR.brand);
    this.text('Sapa', m, m - 8, { size: 10, bold: true, color: COLOR.brand });
    let y = this.text(this.r.table.title, m, m + 6, { size: 20, bold: true }) + 2;
    y = this.text(this.r.accountName, m, y, { size: 11, bold: true }) + 6;
    const stamp = this.r.generatedAt.toISOString().replace('T', ' ').slice(0, 16);
    for (const [label, value] of [
      [L.period, `${this.r.from} - ${this.r.to}`],
      [L.generated, `${stamp} UTC`],
      [L.timeZone, this.r.timeZone],
    ] as const) {
      this.text(label, m, y, { color: COLOR.muted, width: 80 });
      y = this.text(value, m + 80, y, { width: 300 }) + 1;
    }
    return y + 10;
  }

  private summary(top: number): number {
    const items = this.r.table.summary;
    if (items.length === 0) return top;
    const gap = 8;
    const width = (CONTENT - gap * (items.length - 1)) / items.length;
    items.forEach((item, i) => {
      const x = PAGE.margin + i * (width + gap);
      this.doc.roundedRect(x, top, width, 44, 6).fill(COLOR.brandSoft);
      this.text(item.label, x + 8, top + 7, { size: 7, color: COLOR.muted, width: width - 16 });
      this.text(cellText(item.value, item.kind, this.r.lang), x + 8, top + 24, {
        size: 11,
        bold: true,
        width: width - 16,
      });
    });
    return top + 44 + 14;
  }

  /** A bar per point (at most 60: longer series keep their last 60), labelled below. */
  private chart(top: number): number {
    const chart = this.r.table.chart;
    if (!chart || chart.points.length === 0) return top;
    const points = chart.points.slice(-60);
    const height = 110;
    const max = Math.max(1, ...points.map((p) => p.value));
    this.text(chart.label, PAGE.margin, top, { size: 9, bold: true });
    const base = top + 16 + height;
    const step = CONTENT / points.length;
    const bar = Math.max(2, Math.min(28, step * 0.7));
    this.doc
      .moveTo(PAGE.margin, base)
      .lineTo(PAGE.margin + CONTENT, base)
      .lineWidth(0.6)
      .strokeColor(COLOR.rule)
      .stroke();
    this.text(formatNumber(max), PAGE.margin, top + 14, { size: 7, color: COLOR.muted, width: 80 });
    const labelEvery = Math.ceil(points.length / 12);
    points.forEach((p, i) => {
      const h = (p.value / max) * height;
      const x = PAGE.margin + i * step + (step - bar) / 2;
      if (h > 0) this.doc.rect(x, base - h, bar, h).fill(COLOR.brand);
      if (i % labelEvery === 0)
        this.text(p.label, PAGE.margin + i * step, base + 3, {
          size: 6.5,
          color: COLOR.muted,
          width: Math.max(step * labelEvery, 40),
        });
    });
    return base + 22;
  }

  private widths(): number[] {
    const n = this.r.table.columns.length;
    // The first column holds names and dates: give it twice a number's room.
    const unit = CONTENT / (n + 1);
    return this.r.table.columns.map((_, i) => (i === 0 ? unit * 2 : unit));
  }

  /** Sheets say a column is in seconds; the PDF prints durations as "1 m 28 s" instead. */
  private label(i: number): string {
    return (this.r.table.columns[i]?.label ?? '').replace(/ \((s|dtk)\)$/, '');
  }

  private head(top: number): number {
    const widths = this.widths();
    const heights = this.r.table.columns.map((_, i) => {
      this.doc.font(FONT.bold).fontSize(7);
      return this.doc.heightOfString(winAnsi(this.label(i)), { width: widths[i]! - 8 });
    });
    const h = Math.max(...heights) + 10;
    this.doc.rect(PAGE.margin, top, CONTENT, h).fill(COLOR.headBg);
    let x = PAGE.margin;
    this.r.table.columns.forEach((_, i) => {
      this.text(this.label(i), x + 4, top + 5, {
        size: 7,
        bold: true,
        color: COLOR.muted,
        width: widths[i]! - 8,
        align: i === 0 ? 'left' : 'right',
      });
      x += widths[i]!;
    });
    return top + h + 4;
  }

  private rows(top: number): number {
    const { table, lang } = this.r;
    const widths = this.widths();
    let y = this.head(top);
    if (table.rows.length === 0)
      return (
        this.text(EXPORT_LABELS[lang].empty, PAGE.margin + 4, y + 2, { color: COLOR.muted }) + 8
      );
    for (const row of table.rows) {
      if (y + 16 > BOTTOM) {
        this.doc.addPage();
        y = this.head(PAGE.margin);
      }
      let x = PAGE.margin;
      let bottom = y;
      row.forEach((value, i) => {
        const kind = table.columns[i]?.kind ?? 'text';
        bottom = Math.max(
          bottom,
          this.text(cellText(value, kind, lang), x + 4, y, {
            width: widths[i]! - 8,
            align: i === 0 ? 'left' : 'right',
          }),
        );
        x += widths[i]!;
      });
      y = bottom + 4;
      this.doc
        .moveTo(PAGE.margin, y - 2)
        .lineTo(PAGE.margin + CONTENT, y - 2)
        .lineWidth(0.4)
        .strokeColor(COLOR.rule)
        .stroke();
    }
    return y;
  }

  draw(): void {
    let y = this.chart(this.summary(this.header()));
    y = this.rows(y);
    if (y + 20 > BOTTOM) {
      this.doc.addPage();
      y = PAGE.margin;
    }
    this.text(EXPORT_LABELS[this.r.lang].note, PAGE.margin, y + 6, { size: 7, color: COLOR.muted });
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      this.doc.page.margins.bottom = 0;
      this.text(
        EXPORT_LABELS[this.r.lang].page(i + 1, range.count),
        PAGE.margin,
        PAGE.height - PAGE.margin + 4,
        {
          size: 7.5,
          color: COLOR.muted,
          align: 'right',
        },
      );
    }
  }
}

export function renderReportPdf(r: ReportPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: winAnsi(`${r.table.title} - ${r.accountName}`), Author: 'Sapa' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new Layout(doc, r).draw();
  doc.end();
  return done;
}
