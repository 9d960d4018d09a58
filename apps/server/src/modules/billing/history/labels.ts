import type { LedgerKind } from '@sapa/contracts';

export type StatementLanguage = 'en' | 'id';

export interface StatementLabels {
  title: string;
  account: string;
  period: string;
  allTime: string;
  since: (date: string) => string;
  until: (date: string) => string;
  kindFilter: string;
  allKinds: string;
  generated: string;
  timeZone: string;
  opening: string;
  moneyIn: string;
  moneyOut: string;
  closing: string;
  columns: { date: string; description: string; kind: string; amount: string; balance: string };
  reference: string;
  empty: string;
  page: (n: number, of: number) => string;
  kinds: Record<LedgerKind, string>;
  /** What the statement is for, under the table. */
  note: string;
}

/** The statement's words; numbers and dates are formatted by the renderer. */
export const STATEMENT_LABELS: Record<StatementLanguage, StatementLabels> = {
  en: {
    title: 'Balance statement',
    account: 'Account',
    period: 'Period',
    allTime: 'All entries',
    since: (date) => `From ${date}`,
    until: (date) => `Until ${date}`,
    kindFilter: 'Entries',
    allKinds: 'All kinds',
    generated: 'Generated',
    timeZone: 'Times in',
    opening: 'Opening balance',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    closing: 'Closing balance',
    columns: {
      date: 'Date',
      description: 'Description',
      kind: 'Kind',
      amount: 'Amount',
      balance: 'Balance',
    },
    reference: 'Ref.',
    empty: 'No balance entries in this period.',
    page: (n, of) => `Page ${n} of ${of}`,
    kinds: {
      topup: 'Top-up',
      charge: 'Charge',
      refund: 'Refund',
      adjustment: 'Adjustment',
      plan: 'Plan credit',
    },
    note: 'Top-ups add the amount chosen before PPN; PPN is on each top-up’s invoice. Usage is charged at plain prices.',
  },
  id: {
    title: 'Laporan saldo',
    account: 'Akun',
    period: 'Periode',
    allTime: 'Semua entri',
    since: (date) => `Sejak ${date}`,
    until: (date) => `Sampai ${date}`,
    kindFilter: 'Entri',
    allKinds: 'Semua jenis',
    generated: 'Dibuat',
    timeZone: 'Waktu dalam',
    opening: 'Saldo awal',
    moneyIn: 'Uang masuk',
    moneyOut: 'Uang keluar',
    closing: 'Saldo akhir',
    columns: {
      date: 'Tanggal',
      description: 'Keterangan',
      kind: 'Jenis',
      amount: 'Jumlah',
      balance: 'Saldo',
    },
    reference: 'Ref.',
    empty: 'Tidak ada entri saldo pada periode ini.',
    page: (n, of) => `Halaman ${n} dari ${of}`,
    kinds: {
      topup: 'Isi saldo',
      charge: 'Biaya',
      refund: 'Pengembalian',
      adjustment: 'Penyesuaian',
      plan: 'Kredit paket',
    },
    note: 'Isi saldo menambah jumlah yang dipilih sebelum PPN; PPN tercantum di faktur setiap isi saldo. Pemakaian dikenakan harga dasar.',
  },
};
