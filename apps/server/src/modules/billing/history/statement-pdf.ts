import PDFDocument from 'pdfkit';
import { ledgerReference, type LedgerKind } from '@sapa/contracts';
import type { LedgerEntry } from '../ledger.js';
import { dayName, rupiah, signedRupiah, timeIn, winAnsi } from './format.js';
import { STATEMENT_LABELS, type StatementLabels, type StatementLanguage } from './labels.js';
import { PDF_COLOR, PDF_FONT } from '../../../lib/pdf-style.js';

export interface Statement {
  lang: StatementLanguage;
  accountName: string;
  timeZone: string;
  /** The filter as asked: YYYY-MM-DD days of the account and one kind, each optional. */
  from?: string | undefined;
  to?: string | undefined;
  kind?: LedgerKind | undefined;
  generatedAt: Date;
  opening: number;
  closing: number;
  moneyIn: number;
  moneyOut: number;
  /** Newest first, as the ledger pages them; printed oldest first, as a statement reads. */
  entries: LedgerEntry[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 45 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 24;
const COLOR = { ...PDF_COLOR, credit: '#1b7f5f', debit: '#b03a2e' };
const FONT = PDF_FONT;
const COLS = { date: 94, description: 157, kind: 78, amount: 88, balance: 88 };

interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
}

/** Lays the statement out page by page; `render` returns the finished PDF's bytes. */
class StatementLayout {
  private readonly l: StatementLabels;
  private readonly time: (value: Date) => string;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly s: Statement,
  ) {
    this.l = STATEMENT_LABELS[s.lang];
    this.time = timeIn(s.lang, s.timeZone);
  }

  private text(value: string, x: number, y: number, opts: TextOptions = {}): number {
    const options = { width: opts.width ?? CONTENT, align: opts.align ?? 'left', lineGap: 1.5 };
    const safe = winAnsi(value);
    this.doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? COLOR.ink)
      .text(safe, x, y, options);
    return y + this.doc.heightOfString(safe, options);
  }

  private height(value: string, width: number, size: number, bold = false): number {
    this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(size);
    return this.doc.heightOfString(winAnsi(value), { width, lineGap: 1.5 });
  }

  private rule(y: number, color = COLOR.rule): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }

  private period(): string {
    const { s, l } = this;
    if (s.from && s.to) return `${dayName(s.lang, s.from)} - ${dayName(s.lang, s.to)}`;
    if (s.from) return l.since(dayName(s.lang, s.from));
    if (s.to) return l.until(dayName(s.lang, s.to));
    return l.allTime;
  }

  private header(): number {
    const { s, l } = this;
    const m = PAGE.margin;
    this.doc.rect(0, 0, PAGE.width, 6).fill(COLOR.brand);
    this.text('Sapa', m, m - 6, { size: 10, bold: true, color: COLOR.brand });
    let y = this.text(l.title, m, m + 8, { size: 22, bold: true }) + 2;
    y = this.text(s.accountName, m, y, { size: 12, bold: true }) + 8;
    const facts: [string, string][] = [
      [l.period, this.period()],
      [l.kindFilter, s.kind ? l.kinds[s.kind] : l.allKinds],
      [l.generated, this.time(s.generatedAt)],
      [l.timeZone, s.timeZone],
    ];
    for (const [label, value] of facts) {
      this.text(label, m, y, { color: COLOR.muted, width: 90 });
      y = Math.max(this.text(value, m + 90, y, { width: CONTENT - 90 }), y + 11) + 1;
    }
    return y + 14;
  }

  private summary(top: number): number {
    const { s, l } = this;
    const boxes: [string, string, string][] = [
      [l.opening, rupiah(s.opening), COLOR.ink],
      [l.moneyIn, `+${rupiah(s.moneyIn)}`, COLOR.credit],
      [l.moneyOut, `-${rupiah(s.moneyOut)}`, COLOR.debit],
      [l.closing, rupiah(s.closing), COLOR.ink],
    ];
    const gap = 8;
    const width = (CONTENT - gap * (boxes.length - 1)) / boxes.length;
    boxes.forEach(([label, value, color], i) => {
      const x = PAGE.margin + i * (width + gap);
      this.doc.roundedRect(x, top, width, 46, 6).fill(COLOR.brandSoft);
      this.text(label, x + 10, top + 9, { size: 8, color: COLOR.muted, width: width - 20 });
      this.text(value, x + 10, top + 23, { size: 11.5, bold: true, color, width: width - 20 });
    });
    return top + 46 + 18;
  }

  private tableHead(top: number): number {
    const { l } = this;
    this.doc.rect(PAGE.margin, top, CONTENT, 20).fill(COLOR.headBg);
    let x = PAGE.margin + 6;
    const y = top + 6;
    const cell = (label: string, width: number, align: 'left' | 'right' = 'left') => {
      this.text(label, x, y, { size: 8, bold: true, color: COLOR.muted, width: width - 12, align });
      x += width;
    };
    cell(l.columns.date, COLS.date);
    cell(l.columns.description, COLS.description);
    cell(l.columns.kind, COLS.kind);
    cell(l.columns.amount, COLS.amount, 'right');
    cell(l.columns.balance, COLS.balance, 'right');
    return top + 26;
  }

  private row(entry: LedgerEntry, top: number): number {
    const { l } = this;
    const description = entry.description || l.kinds[entry.kind];
    const reference = ledgerReference(entry.orderId);
    const descWidth = COLS.description - 12;
    const when = this.time(entry.createdAt);
    const rowHeight = Math.max(
      this.height(description, descWidth, 9) +
        (reference ? this.height(`${l.reference} ${reference}`, descWidth, 7.5) + 1 : 0),
      this.height(when, COLS.date - 12, 9),
      this.height(l.kinds[entry.kind], COLS.kind - 12, 9),
      this.height(signedRupiah(entry.amount), COLS.amount - 12, 9, true),
      this.height(rupiah(entry.balanceAfter), COLS.balance - 12, 9),
    );
    let y = top;
    if (y + rowHeight > BOTTOM) {
      this.doc.addPage();
      y = this.tableHead(PAGE.margin);
    }
    let x = PAGE.margin + 6;
    this.text(when, x, y, { width: COLS.date - 12, color: COLOR.muted });
    x += COLS.date;
    const below = this.text(description, x, y, { width: descWidth });
    if (reference)
      this.text(`${l.reference} ${reference}`, x, below + 1, {
        size: 7.5,
        color: COLOR.muted,
        width: descWidth,
      });
    x += COLS.description;
    this.text(l.kinds[entry.kind], x, y, { width: COLS.kind - 12 });
    x += COLS.kind;
    this.text(signedRupiah(entry.amount), x, y, {
      width: COLS.amount - 12,
      align: 'right',
      bold: true,
      color: entry.amount < 0 ? COLOR.debit : COLOR.credit,
    });
    x += COLS.amount;
    this.text(rupiah(entry.balanceAfter), x, y, { width: COLS.balance - 12, align: 'right' });
    const end = y + rowHeight + 6;
    this.rule(end - 3);
    return end;
  }

  private footers(): void {
    const { l, doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing below the bottom margin would start a new page: lift the margin for the footer.
      doc.page.margins.bottom = 0;
      this.text(l.page(i + 1, range.count), PAGE.margin, PAGE.height - PAGE.margin + 6, {
        size: 8,
        color: COLOR.muted,
        align: 'right',
      });
      this.text(this.s.accountName, PAGE.margin, PAGE.height - PAGE.margin + 6, {
        size: 8,
        color: COLOR.muted,
        width: CONTENT / 2,
      });
    }
  }

  draw(): void {
    let y = this.summary(this.header());
    y = this.tableHead(y);
    if (this.s.entries.length === 0) {
      y = this.text(this.l.empty, PAGE.margin + 6, y + 4, { color: COLOR.muted }) + 10;
    }
    for (let i = this.s.entries.length - 1; i >= 0; i--) {
      const entry = this.s.entries[i];
      if (entry) y = this.row(entry, y);
    }
    if (y + 40 > BOTTOM) {
      this.doc.addPage();
      y = PAGE.margin;
    }
    this.text(this.l.note, PAGE.margin, y + 8, { size: 7.5, color: COLOR.muted });
    this.footers();
  }
}

/** The statement as PDF bytes (A4, Helvetica, in the statement's language). */
export function renderStatement(statement: Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: {
      Title: `${STATEMENT_LABELS[statement.lang].title} - ${winAnsi(statement.accountName)}`,
      Author: 'Sapa',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new StatementLayout(doc, statement).draw();
  doc.end();
  return done;
}
