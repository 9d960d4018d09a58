import type { InvoiceLanguage } from '../lines.js';

export interface PdfLabels {
  title: string;
  number: string;
  date: string;
  orderId: string;
  billedTo: string;
  paymentDetails: string;
  method: string;
  paidOn: string;
  status: string;
  statusPaid: string;
  statusRefunded: string;
  nsfp: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  /** `fraction` is "11/12", or empty when the base is the whole price. */
  taxBase: (fraction: string) => string;
  ppn: (rate: string) => string;
  total: string;
  stampPaid: string;
  stampRefunded: string;
  paidNote: (method: string | null, date: string) => string;
  refundedNote: string;
  taxInvoiceNote: (nsfp: string | null) => string;
  currency: string;
  electronic: string;
  notSet: string;
}

/** The invoice's words; amounts and dates are formatted by the renderer. */
export const PDF_LABELS: Record<InvoiceLanguage, PdfLabels> = {
  en: {
    title: 'INVOICE',
    number: 'Invoice number',
    date: 'Invoice date',
    orderId: 'Order ID',
    billedTo: 'BILLED TO',
    paymentDetails: 'PAYMENT',
    method: 'Payment method',
    paidOn: 'Paid on',
    status: 'Status',
    statusPaid: 'Paid',
    statusRefunded: 'Refunded',
    nsfp: 'Tax invoice no. (NSFP)',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    taxBase: (fraction) => `Tax base (DPP)${fraction ? ` ${fraction}` : ''}`,
    ppn: (rate) => `VAT (PPN) ${rate}%`,
    total: 'Total',
    stampPaid: 'PAID',
    stampRefunded: 'REFUNDED',
    paidNote: (method, date) =>
      method ? `Paid in full by ${method} on ${date}.` : `Paid in full on ${date}.`,
    refundedNote: 'This payment was refunded after the invoice was issued.',
    taxInvoiceNote: (nsfp) =>
      nsfp
        ? `Tax invoice (e-Faktur) number ${nsfp}.`
        : 'The tax invoice (e-Faktur) is issued separately in Coretax; its number appears here once issued.',
    currency: 'All amounts are in Indonesian rupiah (IDR).',
    electronic: 'This invoice was issued electronically and is valid without a signature.',
    notSet: '-',
  },
  id: {
    title: 'FAKTUR',
    number: 'Nomor faktur',
    date: 'Tanggal faktur',
    orderId: 'Nomor pesanan',
    billedTo: 'DITAGIHKAN KEPADA',
    paymentDetails: 'PEMBAYARAN',
    method: 'Metode pembayaran',
    paidOn: 'Tanggal bayar',
    status: 'Status',
    statusPaid: 'Lunas',
    statusRefunded: 'Dikembalikan',
    nsfp: 'No. Faktur Pajak (NSFP)',
    description: 'Deskripsi',
    quantity: 'Jml',
    unitPrice: 'Harga satuan',
    amount: 'Jumlah',
    subtotal: 'Subtotal',
    taxBase: (fraction) => `Dasar Pengenaan Pajak (DPP)${fraction ? ` ${fraction}` : ''}`,
    ppn: (rate) => `PPN ${rate}%`,
    total: 'Total',
    stampPaid: 'LUNAS',
    stampRefunded: 'DIKEMBALIKAN',
    paidNote: (method, date) =>
      method ? `Dibayar lunas melalui ${method} pada ${date}.` : `Dibayar lunas pada ${date}.`,
    refundedNote: 'Pembayaran ini telah dikembalikan setelah faktur diterbitkan.',
    taxInvoiceNote: (nsfp) =>
      nsfp
        ? `Nomor Seri Faktur Pajak (e-Faktur): ${nsfp}.`
        : 'Faktur pajak (e-Faktur) diterbitkan terpisah melalui Coretax; nomornya tampil di sini setelah terbit.',
    currency: 'Seluruh jumlah dalam rupiah (IDR).',
    electronic: 'Faktur ini diterbitkan secara elektronik dan sah tanpa tanda tangan.',
    notSet: '-',
  },
};
