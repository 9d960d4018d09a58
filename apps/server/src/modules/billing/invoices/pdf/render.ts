import PDFDocument from 'pdfkit';
import { formatCurrency, PPN_STATUTORY_RATE, type Invoice } from '@sapa/contracts';
import { describeItem, invoiceDate, type InvoiceLanguage } from '../lines.js';
import { PDF_LABELS, type PdfLabels } from './labels.js';
import { winAnsi } from './text.js';
import { PDF_COLOR, PDF_FONT } from '../../../../lib/pdf-style.js';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const COLOR = { ...PDF_COLOR, paid: '#1b997c', refunded: '#c0392b' };
const FONT = PDF_FONT;

/** "11/12" for the 11 % effective rate; none when the base is the whole price (or no PPN). */
function taxBaseFraction(ppnRate: number): string {
  if (ppnRate <= 0 || ppnRate >= PPN_STATUTORY_RATE) return '';
  return `${String(ppnRate).replace('.', ',')}/${PPN_STATUTORY_RATE}`;
}

// No letter spacing anywhere: PDF readers would extract "P A I D", breaking copy and search.
class InvoiceLayout {
  private readonly l: PdfLabels;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly invoice: Invoice,
    private readonly lang: InvoiceLanguage,
  ) {
    this.l = PDF_LABELS[lang];
  }

  private text(
    value: string,
    x: number,
    y: number,
    opts: {
      size?: number;
      bold?: boolean;
      color?: string;
      width?: number;
      align?: 'left' | 'right' | 'center';
    } = {},
  ): number {
    const { doc } = this;
    doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(opts.size ?? 9.5)
      .fillColor(opts.color ?? COLOR.ink);
    const options = {
      width: opts.width ?? CONTENT,
      align: opts.align ?? 'left',
      lineGap: 1.5,
    };
    const safe = winAnsi(value);
    doc.text(safe, x, y, options);
    return y + doc.heightOfString(safe, options);
  }

  private rule(y: number, x1 = PAGE.margin, x2 = PAGE.width - PAGE.margin, color = COLOR.rule) {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.75).strokeColor(color).stroke();
  }

  private header(): number {
    const { invoice, l } = this;
    const m = PAGE.margin;
    this.doc.rect(0, 0, PAGE.width, 6).fill(COLOR.brand);
    let left = this.text(invoice.seller.name, m, m, { size: 15, bold: true, width: 280 }) + 4;
    if (invoice.seller.address)
      left = this.text(invoice.seller.address, m, left, { color: COLOR.muted, width: 280 });
    if (invoice.seller.npwp)
      left = this.text(`NPWP ${invoice.seller.npwp}`, m, left, { color: COLOR.muted, width: 280 });
    if (invoice.seller.email)
      left = this.text(invoice.seller.email, m, left, { color: COLOR.muted, width: 280 });

    const rx = PAGE.width - m - 220;
    let right = this.text(l.title, rx, m - 4, {
      size: 26,
      bold: true,
      color: COLOR.brand,
      width: 220,
      align: 'right',
    });
    right = this.text(invoice.number, rx, right + 2, {
      size: 11,
      bold: true,
      width: 220,
      align: 'right',
    });
    right = this.text(invoiceDate(invoice.issuedAt, this.lang), rx, right + 1, {
      color: COLOR.muted,
      width: 220,
      align: 'right',
    });
    const bottom = Math.max(left, right) + 18;
    this.rule(bottom);
    return bottom + 18;
  }

  /** Label on the left, value on the right, within one column. */
  private pair(
    label: string,
    value: string,
    x: number,
    y: number,
    width: number,
    bold = false,
  ): number {
    this.text(label, x, y, { color: COLOR.muted, width: width * 0.48 });
    const end = this.text(value, x + width * 0.48, y, {
      width: width * 0.52,
      align: 'right',
      bold,
    });
    return Math.max(end, y + 12) + 3;
  }

  private parties(top: number): number {
    const { invoice, l } = this;
    const m = PAGE.margin;
    const buyer = invoice.buyer;
    let left = this.text(l.billedTo, m, top, { size: 8, bold: true, color: COLOR.muted }) + 4;
    left = this.text(buyer.name, m, left, { size: 11, bold: true, width: 250 }) + 2;
    if (buyer.address) left = this.text(buyer.address, m, left, { width: 250 });
    if (buyer.npwp) left = this.text(`NPWP ${buyer.npwp}`, m, left, { width: 250 });
    if (buyer.email) left = this.text(buyer.email, m, left, { color: COLOR.muted, width: 250 });

    const x = PAGE.width - m - 235;
    const w = 235;
    let right =
      this.text(l.paymentDetails, x, top, { size: 8, bold: true, color: COLOR.muted }) + 4;
    right = this.pair(l.number, invoice.number, x, right, w);
    right = this.pair(l.date, invoiceDate(invoice.issuedAt, this.lang), x, right, w);
    right = this.pair(l.orderId, invoice.orderId, x, right, w);
    right = this.pair(l.method, invoice.paymentMethod ?? l.notSet, x, right, w);
    right = this.pair(l.paidOn, invoiceDate(invoice.paidAt, this.lang), x, right, w);
    right = this.pair(
      l.status,
      invoice.status === 'refunded' ? l.statusRefunded : l.statusPaid,
      x,
      right,
      w,
      true,
    );
    if (invoice.taxInvoiceNumber)
      right = this.pair(l.nsfp, invoice.taxInvoiceNumber, x, right, w, true);
    return Math.max(left, right) + 22;
  }

  private table(top: number): number {
    const { invoice, l, doc } = this;
    const m = PAGE.margin;
    const cols = [
      { x: m + 10, w: 255, align: 'left' as const, label: l.description },
      { x: m + 270, w: 40, align: 'right' as const, label: l.quantity },
      { x: m + 315, w: 85, align: 'right' as const, label: l.unitPrice },
      { x: m + 400, w: CONTENT - 410, align: 'right' as const, label: l.amount },
    ];
    doc.rect(m, top, CONTENT, 24).fill(COLOR.brandSoft);
    for (const c of cols)
      this.text(c.label, c.x, top + 8, {
        size: 8.5,
        bold: true,
        color: COLOR.brand,
        width: c.w,
        align: c.align,
      });
    let y = top + 24;
    for (const line of invoice.lines) {
      const cells = [
        describeItem(line.item, this.lang),
        String(line.quantity),
        formatCurrency(line.unitPrice),
        formatCurrency(line.amount),
      ];
      let bottom = y;
      cells.forEach((cell, i) => {
        const c = cols[i]!;
        bottom = Math.max(bottom, this.text(cell, c.x, y + 10, { width: c.w, align: c.align }));
      });
      y = bottom + 10;
      this.rule(y);
    }
    return y + 14;
  }

  private totals(top: number): number {
    const { invoice, l, doc } = this;
    const w = 290;
    const x = PAGE.width - PAGE.margin - w;
    let y = top;
    const row = (label: string, value: string) => {
      const end = this.text(label, x + 10, y, { color: COLOR.muted, width: 185 });
      this.text(value, x + 195, y, { width: w - 205, align: 'right' });
      y = Math.max(end, y + 12) + 6;
    };
    row(l.subtotal, formatCurrency(invoice.subtotal));
    row(l.taxBase(taxBaseFraction(invoice.ppnRate)), formatCurrency(invoice.taxBase));
    row(l.ppn(String(invoice.ppnRate > 0 ? PPN_STATUTORY_RATE : 0)), formatCurrency(invoice.ppn));
    y += 2;
    doc.rect(x, y, w, 30).fill(COLOR.brand);
    this.text(l.total, x + 10, y + 9, { size: 12, bold: true, color: '#ffffff', width: 100 });
    this.text(formatCurrency(invoice.total), x + 100, y + 9, {
      size: 12,
      bold: true,
      color: '#ffffff',
      width: w - 110,
      align: 'right',
    });
    this.stamp(PAGE.margin + 95, top + 40);
    return y + 30 + 26;
  }

  /** The rubber stamp an Indonesian paid invoice carries: LUNAS (or the refund's). */
  private stamp(cx: number, cy: number) {
    const { doc, l, invoice } = this;
    const refunded = invoice.status === 'refunded';
    const label = refunded ? l.stampRefunded : l.stampPaid;
    const color = refunded ? COLOR.refunded : COLOR.paid;
    // The longest word (DIKEMBALIKAN) shrinks to stay beside the totals.
    let size = 22;
    doc.font(FONT.bold).fontSize(size);
    while (size > 12 && doc.widthOfString(label) > 150) doc.fontSize(--size);
    const w = doc.widthOfString(label) + 36;
    const h = size + 20;
    doc.save();
    doc.rotate(-10, { origin: [cx, cy] });
    doc.opacity(0.85);
    doc
      .roundedRect(cx - w / 2, cy - h / 2, w, h, 6)
      .lineWidth(2.5)
      .strokeColor(color)
      .stroke();
    doc
      .roundedRect(cx - w / 2 + 4, cy - h / 2 + 4, w - 8, h - 8, 4)
      .lineWidth(0.8)
      .stroke();
    this.text(label, cx - w / 2, cy - size * 0.4, {
      size,
      bold: true,
      color,
      width: w,
      align: 'center',
    });
    doc.restore();
  }

  private notes(top: number): number {
    const { invoice, l } = this;
    const m = PAGE.margin;
    let y = this.text(
      l.paidNote(invoice.paymentMethod, invoiceDate(invoice.paidAt, this.lang)),
      m,
      top,
    );
    if (invoice.status === 'refunded')
      y = this.text(l.refundedNote, m, y + 2, { color: COLOR.refunded });
    y = this.text(l.taxInvoiceNote(invoice.taxInvoiceNumber), m, y + 2, { color: COLOR.muted });
    return y;
  }

  private footer() {
    const { invoice, l } = this;
    const m = PAGE.margin;
    const y = PAGE.height - m - 34;
    this.rule(y);
    this.text(`${l.currency} ${l.electronic}`, m, y + 8, {
      size: 8,
      color: COLOR.muted,
      align: 'center',
    });
    const contact = [invoice.seller.name, invoice.seller.email].filter(Boolean).join(' · ');
    this.text(contact, m, y + 20, { size: 8, color: COLOR.muted, align: 'center' });
  }

  draw() {
    let y = this.header();
    y = this.parties(y);
    y = this.table(y);
    y = this.totals(y);
    this.notes(y);
    this.footer();
  }
}

/** The invoice as an A4 PDF in one language: a paid Indonesian commercial invoice. */
export function renderInvoicePdf(invoice: Invoice, lang: InvoiceLanguage): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: lang === 'id' ? 'id-ID' : 'en-GB',
    info: {
      Title: `${PDF_LABELS[lang].title} ${invoice.number}`,
      Author: winAnsi(invoice.seller.name),
      Subject: winAnsi(invoice.buyer.name),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new InvoiceLayout(doc, invoice, lang).draw();
  doc.end();
  return done;
}
