import { randomInt } from 'node:crypto';
import { DEMO_NUMBER } from '../config.js';

export type MetaTemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';

export interface MetaComponent {
  type: string;
  format?: string;
  text?: string;
  example?: unknown;
  buttons?: unknown[];
}

export interface SandboxTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: MetaTemplateStatus;
  rejectedReason: string;
  components: MetaComponent[];
  createdAt: number;
}

const PARAM = /\{\{(\d+)\}\}/g;

/** How many distinct {{n}} a text uses. */
export function countParams(text: string | undefined): number {
  return new Set([...(text ?? '').matchAll(PARAM)].map((m) => m[1])).size;
}

/** Parameters a send must carry for a template: the body's and the header's. */
export function expectedParams(t: SandboxTemplate): { body: number; header: number } {
  const header = t.components.find((c) => c.type === 'HEADER');
  const body = t.components.find((c) => c.type === 'BODY');
  const headerCount =
    header === undefined ? 0 : header.format === 'TEXT' ? countParams(header.text) : 1;
  return { body: countParams(body?.text), header: headerCount };
}

/**
 * Meta's template ids are 16-digit numbers that its webhook sends as JSON numbers, so they stay
 * below 2^53 (9.007e15) to survive a double: the first digit is 1–8.
 */
export const newTemplateId = () =>
  `${randomInt(1, 9)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

/**
 * Templates every WABA starts with. Meta gives each new WABA `hello_world`; the demo WABA also
 * has the three templates Sapa's demo seed shows as accepted (apps/server/src/seed/
 * demo-templates.ts keeps the same ids, names and parameter counts).
 */
export const DEMO_TEMPLATES: Omit<SandboxTemplate, 'wabaId' | 'createdAt'>[] = [
  {
    id: '880000000000001',
    name: 'order_update',
    language: 'id',
    category: 'UTILITY',
    status: 'APPROVED',
    rejectedReason: 'NONE',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Info pesanan' },
      {
        type: 'BODY',
        text: 'Halo {{1}}, pesanan {{2}} sudah kami kirim. Balas pesan ini bila ada pertanyaan.',
      },
      { type: 'FOOTER', text: 'Demo Company' },
    ],
  },
  {
    id: '880000000000002',
    name: 'promo_weekend',
    language: 'id',
    category: 'MARKETING',
    status: 'APPROVED',
    rejectedReason: 'NONE',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Promo akhir pekan' },
      {
        type: 'BODY',
        text: 'Hai {{1}}, pakai kode {{2}} untuk diskon 20% sampai Minggu. Sampai jumpa di toko!',
      },
      { type: 'FOOTER', text: 'Balas STOP untuk berhenti' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Berhenti promo' }] },
    ],
  },
  {
    // Sapa's satisfaction survey outside the 24-hour window: {{1}} is the survey page's link.
    id: '880000000000003',
    name: 'csat_survey',
    language: 'id',
    category: 'UTILITY',
    status: 'APPROVED',
    rejectedReason: 'NONE',
    components: [
      {
        type: 'BODY',
        text: 'Terima kasih telah menghubungi Demo Company. Mohon beri nilai layanan kami di sini: {{1}} Jawaban Anda sangat berarti bagi kami.',
      },
      { type: 'FOOTER', text: 'Demo Company' },
    ],
  },
];

const HELLO_WORLD: Omit<SandboxTemplate, 'id' | 'wabaId' | 'createdAt'> = {
  name: 'hello_world',
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  rejectedReason: 'NONE',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
    {
      type: 'BODY',
      text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta.',
    },
    { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
  ],
};

/** The fake Meta's message templates, per WABA, in memory. */
export class TemplateBook {
  private byWaba = new Map<string, Map<string, SandboxTemplate>>();

  constructor(
    private readonly now: () => number,
    private readonly seedDemo: boolean,
  ) {}

  /** A WABA's templates, created on first use with Meta's defaults (and the demo ones). */
  private waba(wabaId: string): Map<string, SandboxTemplate> {
    let map = this.byWaba.get(wabaId);
    if (!map) {
      map = new Map();
      this.byWaba.set(wabaId, map);
      const hello = { ...HELLO_WORLD, id: newTemplateId(), wabaId, createdAt: this.now() };
      map.set(hello.id, hello);
      if (this.seedDemo && wabaId === DEMO_NUMBER.wabaId)
        for (const t of DEMO_TEMPLATES) map.set(t.id, { ...t, wabaId, createdAt: this.now() });
    }
    return map;
  }

  list(wabaId: string): SandboxTemplate[] {
    return [...this.waba(wabaId).values()];
  }

  all(): SandboxTemplate[] {
    return [...this.byWaba.values()].flatMap((m) => [...m.values()]);
  }

  get(id: string): SandboxTemplate | undefined {
    for (const map of this.byWaba.values()) {
      const t = map.get(id);
      if (t) return t;
    }
    return undefined;
  }

  find(wabaId: string, name: string, language: string): SandboxTemplate | undefined {
    return this.list(wabaId).find((t) => t.name === name && t.language === language);
  }

  add(input: Omit<SandboxTemplate, 'id' | 'createdAt' | 'status' | 'rejectedReason'>) {
    const t: SandboxTemplate = {
      ...input,
      id: newTemplateId(),
      status: 'PENDING',
      rejectedReason: 'NONE',
      createdAt: this.now(),
    };
    this.waba(input.wabaId).set(t.id, t);
    return t;
  }

  /** Deletes every language of `name` (or only the one with `id`); answers how many went. */
  remove(wabaId: string, name: string, id?: string): number {
    const map = this.waba(wabaId);
    let n = 0;
    for (const t of [...map.values()])
      if (t.name === name && (!id || t.id === id)) {
        map.delete(t.id);
        n++;
      }
    return n;
  }

  reset(): void {
    this.byWaba.clear();
  }
}
