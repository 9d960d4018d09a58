import { templateInputSchema, type TemplateInput } from '@sapa/contracts';
import type { Deps } from '../deps.js';
import { DEMO_WHATSAPP } from './demo-messaging.js';

/**
 * Templates the demo channel has already had approved, so a broadcast (and a satisfaction
 * survey after 24 hours) can be tried at once.
 * The sandbox seeds the same ones as APPROVED on the demo WABA (apps/sandbox/src/templates/
 * book.ts: same Meta ids, names, languages and variables), so sending them succeeds there.
 */
const DEMO_TEMPLATES: { providerId: string; input: Omit<TemplateInput, 'channelId'> }[] = [
  {
    providerId: '880000000000001',
    input: {
      name: 'order_update',
      category: 'UTILITY',
      language: 'id',
      headerType: 'text',
      headerText: 'Info pesanan',
      content: 'Halo {{1}}, pesanan {{2}} sudah kami kirim. Balas pesan ini bila ada pertanyaan.',
      examples: { body: ['Rina', 'SP-1042'], header: null },
      footer: 'Demo Company',
    },
  },
  {
    providerId: '880000000000002',
    input: {
      name: 'promo_weekend',
      category: 'MARKETING',
      language: 'id',
      headerType: 'text',
      headerText: 'Promo akhir pekan',
      content: 'Hai {{1}}, pakai kode {{2}} untuk diskon 20% sampai Minggu. Sampai jumpa di toko!',
      examples: { body: ['Andi', 'HEMAT20'], header: null },
      footer: 'Balas STOP untuk berhenti',
      buttons: [{ type: 'chat', label: 'Berhenti promo', code: 'STOP_PROMO' }],
    },
  },
  {
    // The satisfaction survey's link outside the 24-hour window (modules/csat): by its name.
    providerId: '880000000000003',
    input: {
      name: 'csat_survey',
      category: 'UTILITY',
      language: 'id',
      headerType: null,
      headerText: null,
      content:
        'Terima kasih telah menghubungi Demo Company. Mohon beri nilai layanan kami di sini: {{1}} Jawaban Anda sangat berarti bagi kami.',
      examples: { body: ['https://app.sapa.id/csat/contoh'], header: null },
      footer: 'Demo Company',
    },
  },
];

/** Idempotent: each template is added once per demo channel (unique name + language). */
export async function seedDemoTemplates(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const channel = await deps.db
    .selectFrom('channels')
    .select(['id', 'account_id'])
    .where('provider', '=', 'whatsapp_cloud')
    .where('external_id', '=', DEMO_WHATSAPP.phoneNumberId)
    .where('waba_id', '=', DEMO_WHATSAPP.wabaId)
    .executeTakeFirst();
  if (!channel) return 0;
  const now = deps.clock.now();
  let added = 0;
  for (const t of DEMO_TEMPLATES) {
    // Through the shared contract, so the demo data obeys the rules a person's would.
    const data = templateInputSchema.parse({ ...t.input, channelId: channel.id });
    const row = await deps.db
      .insertInto('templates')
      .values({
        account_id: channel.account_id,
        channel_id: channel.id,
        name: data.name,
        category: data.category,
        language: data.language,
        header_type: data.headerType ?? 'none',
        header_text: data.headerText,
        footer: data.footer,
        content: data.content,
        examples: JSON.stringify({ body: data.examples.body }),
        buttons: JSON.stringify(data.buttons),
        status: 'accepted',
        provider_template_id: t.providerId,
        published_at: now,
        status_updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) added++;
  }
  return added;
}
