// The demo's last two weeks of finished work (see demo-history.ts, which writes it).

export type Handler = 'admin' | 'agent' | 'agent2';

/** The customer's survey: answered (with or without a comment), still open, or expired. */
type Survey =
  | { answer: number; comment?: string; source: 'chat' | 'page'; afterMin: number }
  | { open: true }
  | null;

export interface PastConversation {
  waId: string;
  name: string;
  handler: Handler;
  division: 'Sales' | 'Support';
  daysAgo: number;
  /** Local time of the first message, hours and minutes. */
  at: [number, number];
  /** Minutes after the first message; `out` lines are the handler's. */
  lines: { dir: 'in' | 'out'; text: string; min: number }[];
  resolvedMin: number;
  survey: Survey;
  /** Labels of the demo inbox (demo-inbox.ts) the chat carried. */
  labels?: ('VIP' | 'Complaint' | 'Follow up' | 'New lead')[];
}

/**
 * The demo's last two weeks of finished work, so /report has history to show: conversations
 * handled by Budi, Dewi and Ayu, each resolved, most with a satisfaction survey answered 1 to 5.
 * Archived (done and filed), so the inbox the demo opens on stays the six of today.
 */
export const PAST_CONVERSATIONS: PastConversation[] = [
  {
    waId: '6281322220001',
    name: 'Sinta Maharani',
    handler: 'agent',
    division: 'Support',
    daysAgo: 1,
    at: [9, 12],
    lines: [
      { dir: 'in', text: 'Kak, ukuran M untuk kemeja linen masih ada?', min: 0 },
      { dir: 'out', text: 'Halo Kak Sinta, ukuran M masih ada 3 ya.', min: 3 },
      { dir: 'in', text: 'Oke saya checkout sekarang, makasih', min: 7 },
    ],
    resolvedMin: 15,
    survey: { answer: 5, comment: 'Cepat sekali jawabnya, mantap!', source: 'chat', afterMin: 2 },
  },
  {
    waId: '6281322220002',
    labels: ['Complaint'],
    name: 'Hendra Wijaya',
    handler: 'agent2',
    division: 'Support',
    daysAgo: 1,
    at: [14, 40],
    lines: [
      { dir: 'in', text: 'Barang yang saya terima rusak, bagaimana cara retur?', min: 0 },
      { dir: 'out', text: 'Mohon maaf Kak Hendra, boleh kirim foto barangnya?', min: 22 },
      { dir: 'in', text: 'Sudah saya kirim ke email ya', min: 30 },
      { dir: 'out', text: 'Terima kasih, retur kami proses dan kurir menjemput besok.', min: 95 },
    ],
    resolvedMin: 100,
    survey: {
      answer: 3,
      comment: 'Lumayan, tapi balasannya agak lama.',
      source: 'chat',
      afterMin: 10,
    },
  },
  {
    waId: '6281322220003',
    labels: ['New lead'],
    name: 'Wulan Sari',
    handler: 'agent',
    division: 'Sales',
    daysAgo: 2,
    at: [10, 5],
    lines: [
      { dir: 'in', text: 'Ada diskon untuk pembelian 20 pcs?', min: 0 },
      { dir: 'out', text: 'Ada Kak, untuk 20 pcs diskon 10 %.', min: 6 },
    ],
    resolvedMin: 40,
    survey: { answer: 4, source: 'chat', afterMin: 5 },
  },
  {
    waId: '6281322220004',
    labels: ['New lead', 'VIP'],
    name: 'Agus Salim',
    handler: 'admin',
    division: 'Sales',
    daysAgo: 3,
    at: [11, 20],
    lines: [
      { dir: 'in', text: 'Saya mau jadi reseller, syaratnya apa saja?', min: 0 },
      { dir: 'out', text: 'Halo Pak Agus, syaratnya kami kirim lewat email ya.', min: 12 },
      { dir: 'in', text: 'Baik, ditunggu', min: 14 },
    ],
    resolvedMin: 60,
    survey: { answer: 5, comment: 'Penjelasannya lengkap.', source: 'page', afterMin: 180 },
  },
  {
    waId: '6281322220005',
    labels: ['Complaint', 'Follow up'],
    name: 'Dian Permata',
    handler: 'agent2',
    division: 'Support',
    daysAgo: 4,
    at: [16, 10],
    lines: [
      { dir: 'in', text: 'Paket saya sudah 5 hari belum sampai', min: 0 },
      { dir: 'out', text: 'Kami cek ke kurir dulu ya Kak Dian.', min: 48 },
      { dir: 'out', text: 'Paket tertahan di gudang transit, dikirim ulang hari ini.', min: 130 },
    ],
    resolvedMin: 140,
    survey: { answer: 2, comment: 'Pengirimannya terlalu lama.', source: 'chat', afterMin: 30 },
  },
  {
    waId: '6281322220006',
    name: 'Rudi Hartono',
    handler: 'agent',
    division: 'Support',
    daysAgo: 5,
    at: [8, 55],
    lines: [
      { dir: 'in', text: 'Cara ganti alamat pengiriman bagaimana kak?', min: 0 },
      { dir: 'out', text: 'Bisa lewat menu Akun → Alamat, Kak Rudi.', min: 4 },
      { dir: 'in', text: 'Sudah bisa, terima kasih', min: 9 },
    ],
    resolvedMin: 12,
    survey: { answer: 5, source: 'chat', afterMin: 1 },
  },
  {
    waId: '6281322220007',
    labels: ['Complaint'],
    name: 'Lina Marlina',
    handler: 'agent2',
    division: 'Sales',
    daysAgo: 6,
    at: [13, 30],
    lines: [
      { dir: 'in', text: 'Kenapa harga di aplikasi beda dengan di toko?', min: 0 },
      { dir: 'out', text: 'Harga di aplikasi sudah termasuk promo minggu ini, Kak.', min: 35 },
    ],
    resolvedMin: 240,
    survey: {
      answer: 1,
      comment: 'Jawabannya tidak menjawab pertanyaan saya.',
      source: 'page',
      afterMin: 150,
    },
  },
  {
    waId: '6281322220008',
    labels: ['New lead'],
    name: 'Bayu Saputra',
    handler: 'agent',
    division: 'Sales',
    daysAgo: 8,
    at: [15, 0],
    lines: [
      { dir: 'in', text: 'Bisa COD untuk area Bekasi?', min: 0 },
      { dir: 'out', text: 'Bisa Kak Bayu, COD tersedia untuk Bekasi.', min: 8 },
    ],
    resolvedMin: 30,
    survey: { answer: 4, comment: 'Ramah dan jelas.', source: 'chat', afterMin: 4 },
  },
  {
    waId: '6281322220009',
    name: 'Fitri Anggraini',
    handler: 'admin',
    division: 'Support',
    daysAgo: 10,
    at: [10, 45],
    lines: [
      { dir: 'in', text: 'Saya belum terima kode OTP untuk login', min: 0 },
      { dir: 'out', text: 'Kami kirim ulang ya Kak Fitri, mohon cek SMS.', min: 15 },
      { dir: 'in', text: 'Sudah masuk', min: 18 },
    ],
    resolvedMin: 25,
    survey: { open: true },
  },
  {
    waId: '6281322220010',
    labels: ['VIP'],
    name: 'Yoga Pratama',
    handler: 'agent2',
    division: 'Support',
    daysAgo: 12,
    at: [19, 15],
    lines: [
      { dir: 'in', text: 'Garansi jam tangan berapa lama?', min: 0 },
      { dir: 'out', text: 'Garansi resmi 1 tahun, Kak Yoga.', min: 11 },
    ],
    resolvedMin: 50,
    survey: { answer: 4, source: 'chat', afterMin: 20 },
  },
  {
    waId: '6281322220011',
    name: 'Nadia Kusuma',
    handler: 'agent',
    division: 'Sales',
    daysAgo: 17,
    at: [11, 0],
    lines: [
      { dir: 'in', text: 'Apakah bisa kirim ke Malaysia?', min: 0 },
      { dir: 'out', text: 'Mohon maaf Kak Nadia, saat ini hanya dalam negeri.', min: 9 },
    ],
    resolvedMin: 20,
    // Never answered: expired after CSAT_EXPIRY_DAYS.
    survey: { open: true },
  },
];
