/**
 * What `npm run seed:large` writes, generated deterministically: names, the message vocabulary
 * (common phrases, a Zipf-distributed product catalogue so search has rare and common words),
 * and the users the inbox bench signs in as.
 */

export const LARGE_ACCOUNT = 'Large Company';
export const LARGE_DOMAIN = 'large.sapa.id';
export const LARGE_DIVISIONS = ['Sales', 'Support', 'Billing', 'Logistics'] as const;
export const LARGE_LABELS = [
  { name: 'Prioritas', color: '#e03131', weight: 40 },
  { name: 'Komplain', color: '#f08c00', weight: 25 },
  { name: 'Pelanggan Baru', color: '#2f9e44', weight: 15 },
  { name: 'Grosir', color: '#1971c2', weight: 8 },
  { name: 'Retur', color: '#7048e8', weight: 5 },
  { name: 'Garansi', color: '#0c8599', weight: 3 },
  { name: 'Pembayaran', color: '#c2255c', weight: 2 },
  { name: 'Event', color: '#5c940d', weight: 1 },
  { name: 'Influencer', color: '#e8590c', weight: 0.4 },
  { name: 'Reseller Emas', color: '#495057', weight: 0.1 },
] as const;
export const AGENT_COUNT = 20;
/** The agents each supervisor supervises: the first supervisor has agents 1–5. */
export const SUPERVISED = 5;

export interface LargeUser {
  email: string;
  name: string;
  role: 'admin' | 'supervisor' | 'agent';
  allChat: boolean;
  divisionOnlyView: boolean;
  /** Indexes into LARGE_DIVISIONS. */
  divisions: number[];
}

/** Signed in by the bench: the admin sees everything, agent01 only what §6 allows an agent. */
export const LARGE_ADMIN_EMAIL = `admin@${LARGE_DOMAIN}`;
export const LARGE_AGENT_EMAIL = `agent01@${LARGE_DOMAIN}`;

export function largeUsers(): LargeUser[] {
  const users: LargeUser[] = [
    {
      email: LARGE_ADMIN_EMAIL,
      name: 'Larasati Admin',
      role: 'admin',
      allChat: true,
      divisionOnlyView: false,
      divisions: [],
    },
    {
      email: `supervisor@${LARGE_DOMAIN}`,
      name: 'Surya Supervisor',
      role: 'supervisor',
      allChat: true,
      divisionOnlyView: false,
      divisions: [0, 1],
    },
    {
      email: `divisi@${LARGE_DOMAIN}`,
      name: 'Dimas Divisi',
      role: 'agent',
      allChat: false,
      divisionOnlyView: true,
      divisions: [2],
    },
  ];
  for (let i = 1; i <= AGENT_COUNT; i++) {
    const n = String(i).padStart(2, '0');
    users.push({
      email: `agent${n}@${LARGE_DOMAIN}`,
      name: `${FIRST_NAMES[i % FIRST_NAMES.length]} Agen ${n}`,
      role: 'agent',
      allChat: false,
      divisionOnlyView: false,
      // agent01 is in Support (index 1); the rest spread over every division.
      divisions: [i % LARGE_DIVISIONS.length],
    });
  }
  return users;
}

/** A comma-separated list (keeps long word lists compact). */
const list = (s: string): string[] => s.split(', ');

export const FIRST_NAMES = list(
  'Putri, Budi, Siti, Agus, Dewi, Andi, Rina, Joko, Sri, Eko, Wati, Hadi, Lestari, ' +
    'Bayu, Indah, Rudi, Maya, Dian, Fajar, Nur, Yusuf, Ratna, Teguh, Ayu, Gilang, ' +
    'Fitri, Arif, Nadia, Reza, Citra, Hendra, Intan, Wahyu, Sari, Rizky, Mega, Dodi, ' +
    'Anisa, Irfan, Wulan, Bambang, Yuni, Galih, Tari, Kevin, Ningsih, Surya, Lina, ' +
    'Aditya, Kartika, Bima, Dinda, Yoga, Laras, Ilham, Novi, Rangga, Tiara, Zaki, ' +
    'Oktavia',
);
export const LAST_NAMES = list(
  'Santoso, Wijaya, Saputra, Pratama, Lestari, Hidayat, Kusuma, Nugroho, Setiawan, ' +
    'Wibowo, Susanto, Purnomo, Siregar, Nasution, Hutapea, Simanjuntak, Sitompul, ' +
    'Harahap, Tanjung, Gunawan, Halim, Salim, Utami, Permata, Rahayu, Kurniawan, ' +
    'Firmansyah, Ramadhan, Hakim, Maulana, Syahputra, Putra, Anggraini, Wulandari, ' +
    'Sulistyo, Budiman, Tan, Lim, Wongso, Sihombing',
);
const CITIES = list(
  'Jakarta, Bandung, Surabaya, Medan, Semarang, Makassar, Yogyakarta, Denpasar, ' +
    'Palembang, Malang, Balikpapan, Pontianak, Manado, Padang, Pekanbaru, Kupang',
);
const COURIERS = list('JNE, J&T, SiCepat, AnterAja, Ninja Xpress, POS Indonesia');
const COLORS = list('hitam, putih, merah, biru navy, hijau army, krem, abu-abu, maroon');
const ITEMS = list(
  'Kemeja, Kaos, Celana, Jaket, Sepatu, Sandal, Tas, Dompet, Topi, Rok, Gamis, ' +
    'Hijab, Batik, Sarung, Kebaya, Hoodie, Sweater, Kacamata, Jam Tangan, Ransel, ' +
    'Koper, Mukena, Piyama, Blazer, Cardigan',
);
const STYLES = list(
  'Parang, Kawung, Mega Mendung, Lurik, Songket, Tenun, Rotan, Kulit, Linen, Denim, ' +
    'Katun, Sutra, Flanel, Rajut, Anyaman, Bordir, Ikat, Jumputan, Sasirangan, Ulos, ' +
    'Tapis, Gringsing, Truntum, Sidomukti, Lasem, Pekalongan, Garut, Toraja, Lombok, ' +
    'Sumba, Flores, Minang, Betawi, Dayak, Asmat, Bugis, Mandar, Buton, Ternate, ' +
    'Banda',
);

/** The catalogue: ITEMS × STYLES (1,000 products), drawn by a Zipf law so a few dominate. */
export const PRODUCTS: string[] = STYLES.flatMap((s) => ITEMS.map((i) => `${i} ${s}`));

/** Search terms the inbox bench uses; the seed prints how many messages contain each. */
export const SEARCH_TERMS = {
  /** In a sizeable share of all messages. */
  common: 'terima kasih',
  /** Rank 40 of the catalogue: a fraction of a percent of messages. */
  medium: PRODUCTS[40] as string,
  /** Near the tail of the catalogue: a few hundred messages out of ten million. */
  rare: PRODUCTS[900] as string,
} as const;

/** Deterministic PRNG (mulberry32): the same seed gives the same data on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cumulative weights for `pick`, so drawing from a skewed list is a binary search. */
export function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (out[i] = sum += w));
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / sum;
  return out;
}

export function pick(cum: Float64Array, r: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r <= (cum[mid] ?? 1)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const PRODUCT_CUM = cumulative(PRODUCTS.map((_, i) => 1 / (i + 1) ** 1.15));
const one = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length)] as T;

/** Message `seq` of chat `chat`: the same text every time it is asked for. */
export function messageText(chat: number, seq: number, fromMe: boolean, customer: string): string {
  const r = rng(chat * 7919 + seq * 104_729 + 17);
  const product = PRODUCTS[pick(PRODUCT_CUM, r())] as string;
  const order = `SP-${String(Math.floor(r() * 9_000_000) + 1_000_000)}`;
  const roll = r();
  if (!fromMe) {
    if (roll < 0.16) return `${product} masih ready kak?`;
    if (roll < 0.28) return `Berapa harga ${product} ukuran ${one(['S', 'M', 'L', 'XL'], r())}?`;
    if (roll < 0.38) return `Pesanan saya ${order} sudah dikirim belum ya?`;
    if (roll < 0.52) return one(['Terima kasih kak', 'Ok kak, terima kasih', 'Siap kak'], r());
    if (roll < 0.6) return `Bisa kirim ke ${one(CITIES, r())}? Ongkirnya berapa?`;
    if (roll < 0.68) return `Ada warna ${one(COLORS, r())} untuk ${product}?`;
    if (roll < 0.76) return `Halo, selamat ${one(['pagi', 'siang', 'sore', 'malam'], r())}`;
    if (roll < 0.84) return `Barangnya belum sampai, nomor pesanan ${order}`;
    if (roll < 0.92) return `Mau tukar ukuran ${product}, bisa?`;
    return `Sudah transfer ya kak, mohon dicek`;
  }
  if (roll < 0.2) return `Halo kak ${customer}, terima kasih sudah menghubungi kami 🙏`;
  if (roll < 0.36) return `${product} ready kak, harganya Rp${Math.floor(r() * 900 + 100)}.000`;
  if (roll < 0.5)
    return `Pesanan ${order} sudah dikirim via ${one(COURIERS, r())}, estimasi 2-3 hari`;
  if (roll < 0.62) return 'Baik kak, mohon ditunggu sebentar ya';
  if (roll < 0.72) return `Sama-sama kak, terima kasih sudah berbelanja`;
  if (roll < 0.82) return `Untuk ${product} warna ${one(COLORS, r())} tersedia kak`;
  if (roll < 0.9) return `Ongkir ke ${one(CITIES, r())} Rp${Math.floor(r() * 40 + 10)}.000 kak`;
  return 'Pembayaran sudah kami terima, pesanan segera diproses';
}
