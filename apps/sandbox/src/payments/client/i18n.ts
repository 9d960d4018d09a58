// The payment page's words in English and Indonesian. `id` is typed against `en`, so a string
// missing from either language fails the typecheck.
const en = {
  ribbon: 'Sandbox · no real money moves',
  language: 'Language',
  close: 'Close',
  total: 'Total',
  orderId: 'Order ID',
  details: 'Details',
  hideDetails: 'Hide details',
  customer: 'Customer',
  payWithin: 'Pay within',
  payBefore: 'Pay before {date}',
  chooseMethod: 'Choose a payment method',
  groupVa: 'Virtual account',
  groupWallet: 'E-wallet & QRIS',
  groupCard: 'Card',
  method_bca_va: 'BCA Virtual Account',
  method_bni_va: 'BNI Virtual Account',
  method_gopay: 'GoPay',
  method_qris: 'QRIS',
  method_credit_card: 'Credit or debit card',
  hint_bca_va: 'Pay from BCA ATM, m-BCA or KlikBCA',
  hint_bni_va: 'Pay by transfer from any bank',
  hint_gopay: 'Pay in the Gojek app',
  hint_qris: 'Scan with any QRIS e-wallet or banking app',
  hint_credit_card: 'Visa, Mastercard, JCB',
  back: 'Back',
  vaNumber: 'Virtual account number',
  copy: 'Copy',
  copied: 'Copied',
  amountToPay: 'Amount to pay',
  howToPay: 'How to pay',
  steps_bca_va:
    'Insert your BCA card and enter your PIN.|Choose Other transactions › Transfer › To BCA Virtual Account.|Enter the virtual account number above.|Check the name and the amount, then confirm.',
  steps_bni_va:
    'Open BNI Mobile Banking, or the transfer menu of any bank.|Choose Transfer › Virtual Account Billing (from another bank: to BNI, bank code 009).|Enter the virtual account number above.|Check the name and the amount, then confirm.',
  scan_qris: 'Scan this QR with any app that supports QRIS.',
  scan_gopay: 'Scan this QR with the Gojek app, or open GoPay on this phone.',
  sandboxTools: 'Sandbox controls',
  sandboxHint: 'Nothing is charged. Act as the bank or the buyer:',
  pay_bca_va: 'Pay now (simulate bank transfer)',
  pay_bni_va: 'Pay now (simulate bank transfer)',
  pay_qris: 'Simulate scan & pay',
  pay_gopay: 'Simulate payment in GoPay',
  leavePending: 'Leave pending',
  failDeny: 'Fail (deny)',
  letExpire: 'Let it expire',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry (MM/YY)',
  cardCvv: 'CVV',
  testCards: 'Sandbox test cards',
  card_accept: 'Success',
  card_challenge: 'Fraud review (challenge)',
  card_deny: 'Denied by the bank',
  payAmount: 'Pay {amount}',
  threeDsTitle: '3-D Secure verification',
  threeDsText: 'Your bank sent a one-time password to your phone. In the sandbox it is {otp}.',
  otp: 'One-time password',
  verify: 'Verify and pay',
  error_card_number: 'Enter a valid card number.',
  error_card_expiry: 'Enter an expiry date that has not passed (MM/YY).',
  error_card_cvv: 'Enter the 3-digit CVV on the back of the card.',
  error_otp: 'That code is not right. In the sandbox it is {otp}.',
  error_generic: 'Something went wrong. Please try again.',
  successTitle: 'Payment successful',
  successText: 'Thank you! {merchant} has received your payment.',
  pendingTitle: 'Waiting for your payment',
  pendingText: 'Complete the payment before {date}. {merchant} is told as soon as it arrives.',
  challengeTitle: 'Payment under review',
  challengeText:
    'Your bank approved the card, and the payment is being checked for fraud. {merchant} is told the outcome.',
  failedTitle: 'Payment failed',
  failedText: 'The payment was declined. No money was taken.',
  cancelledTitle: 'Payment cancelled',
  cancelledText: 'This payment was cancelled. No money was taken.',
  expiredTitle: 'Payment expired',
  expiredText: 'The time to pay has run out. Start a new payment from {merchant}.',
  refundedTitle: 'Payment refunded',
  refundedText: '{amount} has been returned to you.',
  methodLabel: 'Payment method',
  backTo: 'Back to {merchant}',
  returning: 'Returning to {merchant} in {seconds} s',
  notFoundTitle: 'Payment not found',
  notFoundText: 'This payment link does not exist, or it was typed wrong.',
  clientKeyTitle: 'This shop’s payment setup is wrong',
  clientKeyText: 'The client key snap.js was loaded with does not match the sandbox’s.',
  pageExpiredTitle: 'This payment link has expired',
  pageExpiredText: 'Start a new payment from {merchant}.',
  footer: 'Payment page of the Sapa sandbox, shaped like Midtrans Snap',
};

export type StringKey = keyof typeof en;

const id: Record<StringKey, string> = {
  ribbon: 'Sandbox · tidak ada uang sungguhan',
  language: 'Bahasa',
  close: 'Tutup',
  total: 'Total',
  orderId: 'ID pesanan',
  details: 'Rincian',
  hideDetails: 'Sembunyikan rincian',
  customer: 'Pelanggan',
  payWithin: 'Bayar dalam',
  payBefore: 'Bayar sebelum {date}',
  chooseMethod: 'Pilih metode pembayaran',
  groupVa: 'Virtual account',
  groupWallet: 'E-wallet & QRIS',
  groupCard: 'Kartu',
  method_bca_va: 'BCA Virtual Account',
  method_bni_va: 'BNI Virtual Account',
  method_gopay: 'GoPay',
  method_qris: 'QRIS',
  method_credit_card: 'Kartu kredit atau debit',
  hint_bca_va: 'Bayar lewat ATM BCA, m-BCA atau KlikBCA',
  hint_bni_va: 'Bayar dengan transfer dari bank mana pun',
  hint_gopay: 'Bayar di aplikasi Gojek',
  hint_qris: 'Pindai dengan e-wallet atau m-banking apa pun yang mendukung QRIS',
  hint_credit_card: 'Visa, Mastercard, JCB',
  back: 'Kembali',
  vaNumber: 'Nomor virtual account',
  copy: 'Salin',
  copied: 'Disalin',
  amountToPay: 'Jumlah yang harus dibayar',
  howToPay: 'Cara membayar',
  steps_bca_va:
    'Masukkan kartu ATM BCA dan PIN Anda.|Pilih Transaksi Lainnya › Transfer › Ke Rek BCA Virtual Account.|Masukkan nomor virtual account di atas.|Periksa nama dan jumlah, lalu konfirmasi.',
  steps_bni_va:
    'Buka BNI Mobile Banking, atau menu transfer bank apa pun.|Pilih Transfer › Virtual Account Billing (dari bank lain: ke BNI, kode bank 009).|Masukkan nomor virtual account di atas.|Periksa nama dan jumlah, lalu konfirmasi.',
  scan_qris: 'Pindai QR ini dengan aplikasi apa pun yang mendukung QRIS.',
  scan_gopay: 'Pindai QR ini dengan aplikasi Gojek, atau buka GoPay di ponsel ini.',
  sandboxTools: 'Kontrol sandbox',
  sandboxHint: 'Tidak ada tagihan sungguhan. Bertindak sebagai bank atau pembeli:',
  pay_bca_va: 'Bayar sekarang (simulasi transfer bank)',
  pay_bni_va: 'Bayar sekarang (simulasi transfer bank)',
  pay_qris: 'Simulasikan pindai & bayar',
  pay_gopay: 'Simulasikan pembayaran di GoPay',
  leavePending: 'Biarkan tertunda',
  failDeny: 'Gagalkan (tolak)',
  letExpire: 'Biarkan kedaluwarsa',
  cardNumber: 'Nomor kartu',
  cardExpiry: 'Masa berlaku (BB/TT)',
  cardCvv: 'CVV',
  testCards: 'Kartu uji sandbox',
  card_accept: 'Berhasil',
  card_challenge: 'Ditinjau (challenge)',
  card_deny: 'Ditolak bank',
  payAmount: 'Bayar {amount}',
  threeDsTitle: 'Verifikasi 3-D Secure',
  threeDsText: 'Bank Anda mengirim kode OTP ke ponsel Anda. Di sandbox kodenya {otp}.',
  otp: 'Kode OTP',
  verify: 'Verifikasi dan bayar',
  error_card_number: 'Masukkan nomor kartu yang valid.',
  error_card_expiry: 'Masukkan masa berlaku yang belum lewat (BB/TT).',
  error_card_cvv: 'Masukkan 3 digit CVV di balik kartu.',
  error_otp: 'Kode salah. Di sandbox kodenya {otp}.',
  error_generic: 'Terjadi kesalahan. Silakan coba lagi.',
  successTitle: 'Pembayaran berhasil',
  successText: 'Terima kasih! {merchant} telah menerima pembayaran Anda.',
  pendingTitle: 'Menunggu pembayaran Anda',
  pendingText:
    'Selesaikan pembayaran sebelum {date}. {merchant} langsung diberi tahu begitu pembayaran masuk.',
  challengeTitle: 'Pembayaran sedang ditinjau',
  challengeText:
    'Bank menyetujui kartu Anda, dan pembayaran sedang diperiksa. {merchant} akan diberi tahu hasilnya.',
  failedTitle: 'Pembayaran gagal',
  failedText: 'Pembayaran ditolak. Tidak ada dana yang terpotong.',
  cancelledTitle: 'Pembayaran dibatalkan',
  cancelledText: 'Pembayaran ini dibatalkan. Tidak ada dana yang terpotong.',
  expiredTitle: 'Pembayaran kedaluwarsa',
  expiredText: 'Batas waktu pembayaran sudah lewat. Mulai pembayaran baru dari {merchant}.',
  refundedTitle: 'Pembayaran dikembalikan',
  refundedText: '{amount} telah dikembalikan kepada Anda.',
  methodLabel: 'Metode pembayaran',
  backTo: 'Kembali ke {merchant}',
  returning: 'Kembali ke {merchant} dalam {seconds} detik',
  notFoundTitle: 'Pembayaran tidak ditemukan',
  notFoundText: 'Tautan pembayaran ini tidak ada, atau salah ketik.',
  clientKeyTitle: 'Pengaturan pembayaran toko ini salah',
  clientKeyText: 'Client key yang dipakai snap.js tidak cocok dengan milik sandbox.',
  pageExpiredTitle: 'Tautan pembayaran ini sudah kedaluwarsa',
  pageExpiredText: 'Mulai pembayaran baru dari {merchant}.',
  footer: 'Halaman pembayaran sandbox Sapa, meniru Midtrans Snap',
};

export type Lang = 'en' | 'id';
const DICTIONARIES: Record<Lang, Record<StringKey, string>> = { en, id };
const STORAGE_KEY = 'sandbox-snap.lang';

/** ?lang=, then the last choice, then the browser's language (Indonesian or English). */
export function initialLang(): Lang {
  const param = new URLSearchParams(location.search).get('lang');
  if (param === 'en' || param === 'id') return param;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'id') return saved;
  } catch {
    // Storage can be blocked in a third-party iframe; the browser's language still decides.
  }
  return navigator.languages?.some((l) => l.toLowerCase().startsWith('id')) ? 'id' : 'en';
}

export function saveLang(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // See initialLang.
  }
}

export function translate(lang: Lang, key: StringKey, vars: Record<string, string> = {}): string {
  return DICTIONARIES[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

/** Rupiah with dot thousands, as Indonesians write it in both languages: Rp 100.000. */
export function rupiah(amount: number): string {
  return `Rp ${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** "16 Jan 2026, 10:00 WIB": the deadline in Jakarta time, which Midtrans' pages use. */
export function jakartaDate(lang: Lang, ms: number): string {
  const text = new Intl.DateTimeFormat(lang === 'id' ? 'id-ID' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Asia/Jakarta',
  }).format(new Date(ms));
  return `${text} WIB`;
}
