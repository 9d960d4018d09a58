import type { SandboxContext } from '../context.js';
import type { MetaTemplateStatus, SandboxTemplate, TemplateBook } from './book.js';

export interface ReviewSettings {
  /** How long Meta "reviews" a submission. */
  delayMs: number;
  /** Lower-case words that get a template rejected as ABUSIVE_CONTENT. */
  bannedWords: string[];
  /** Off: submissions stay PENDING until a verdict is posted to /sandbox/templates/:id/verdict. */
  autoReview: boolean;
}

export type Verdict = { event: MetaTemplateStatus; reason: string };

const EDGE_PARAM = /^\s*\{\{\d+\}\}|\{\{\d+\}\}\s*$/;

/** The fake review: banned words → ABUSIVE_CONTENT, a body starting or ending with a variable → INVALID_FORMAT. */
export function judge(t: SandboxTemplate, bannedWords: string[]): Verdict {
  const texts = t.components.flatMap((c) => [
    c.text ?? '',
    ...((c.buttons ?? []) as { text?: string }[]).map((b) => b.text ?? ''),
  ]);
  const words = new Set(
    texts
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}\p{N}_]+/u),
  );
  if (bannedWords.some((w) => words.has(w) || t.name.split('_').includes(w)))
    return { event: 'REJECTED', reason: 'ABUSIVE_CONTENT' };
  const body = t.components.find((c) => c.type === 'BODY')?.text ?? '';
  if (EDGE_PARAM.test(body)) return { event: 'REJECTED', reason: 'INVALID_FORMAT' };
  return { event: 'APPROVED', reason: 'NONE' };
}

/** Meta's `message_template_status_update` webhook (reference §2.6). */
export function templateStatusPayload(t: SandboxTemplate, verdict: Verdict, nowMs: number) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: t.wabaId,
        time: Math.floor(nowMs / 1000),
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event: verdict.event,
              // Meta sends the id as a number.
              message_template_id: Number(t.id),
              message_template_name: t.name,
              message_template_language: t.language,
              reason: verdict.reason,
              message_template_category: t.category,
            },
          },
        ],
      },
    ],
  };
}

/** Reviews submissions after a delay and tells Sapa through the signed webhook. */
export class TemplateReviewer {
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ctx: SandboxContext,
    private readonly book: TemplateBook,
    public settings: ReviewSettings,
  ) {}

  submitted(t: SandboxTemplate): void {
    if (!this.settings.autoReview) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      // Deleted or edited again meanwhile: that newer submission has its own timer.
      const current = this.book.get(t.id);
      if (!current || current.status !== 'PENDING') return;
      this.apply(current, judge(current, this.settings.bannedWords));
    }, this.settings.delayMs);
    this.timers.add(timer);
  }

  apply(t: SandboxTemplate, verdict: Verdict): void {
    t.status = verdict.event;
    t.rejectedReason = verdict.event === 'REJECTED' ? verdict.reason : 'NONE';
    this.ctx.log.info({ template: t.name, verdict }, 'template reviewed');
    this.ctx.deliverer.deliver(templateStatusPayload(t, verdict, this.ctx.clock.now()), {
      kind: 'template_status',
      summary: `template ${t.name} ${verdict.event}`,
    });
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
