import { z } from 'zod';

export type FaultEndpoint = 'messages' | 'media';

export const faultRuleSchema = z.object({
  endpoint: z.enum(['messages', 'media', '*']).default('*'),
  /**
   * An HTTP status to answer with a Graph error, 'slow' to answer normally after delayMs, or
   * 'fail-async' to accept a send and then deliver a `failed` status webhook (how Meta reports
   * 131047 / 131026 in real life).
   */
  respond: z.union([
    z.number().int().min(400).max(599),
    z.literal('slow'),
    z.literal('fail-async'),
  ]),
  graphCode: z.number().int().positive().optional(),
  message: z.string().optional(),
  times: z.number().int().min(1).max(10_000).default(1),
  delayMs: z.number().int().min(0).max(120_000).optional(),
});

export const faultsBodySchema = z.object({
  phoneNumberId: z.string().optional(),
  rules: z.array(faultRuleSchema).min(1),
});

export type FaultRule = z.infer<typeof faultRuleSchema>;

interface ArmedRule extends FaultRule {
  phoneNumberId?: string;
  remaining: number;
}

/** Graph error texts for the codes tests ask for most; anything else gets a generic message. */
const GRAPH_MESSAGES: Record<number, { message: string; transient?: boolean }> = {
  4: { message: '(#4) Application request limit reached', transient: true },
  80007: { message: '(#80007) Rate limit issues', transient: true },
  130429: { message: '(#130429) Rate limit hit', transient: true },
  131056: { message: '(#131056) (Business Account, Consumer Account) pair rate limit hit' },
  131000: { message: 'Something went wrong', transient: true },
  131016: { message: '(#131016) Service unavailable', transient: true },
  131047: { message: 'Re-engagement message' },
  131026: { message: 'Message undeliverable' },
  131053: { message: 'Media upload error' },
  368: { message: 'Temporarily blocked for policies violations' },
  190: { message: 'Invalid OAuth access token - Cannot parse access token' },
};

export function graphMessageFor(code: number): { message: string; transient?: boolean } {
  return GRAPH_MESSAGES[code] ?? { message: `(#${code}) Sandbox injected error` };
}

export function defaultGraphCode(status: number): number {
  if (status === 429) return 130429;
  if (status >= 500) return 131000;
  return 100;
}

/** Rules applied, in order, to the next matching Graph calls (e.g. 429, then 500, then success). */
export class FaultBook {
  private rules: ArmedRule[] = [];

  add(phoneNumberId: string | undefined, rules: FaultRule[]): void {
    for (const rule of rules) this.rules.push({ ...rule, phoneNumberId, remaining: rule.times });
  }

  clear(): void {
    this.rules = [];
  }

  list(): ArmedRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Consumes one use of the first rule matching this call, if any. */
  take(endpoint: FaultEndpoint, phoneNumberId: string | undefined): FaultRule | undefined {
    const index = this.rules.findIndex(
      (r) =>
        (r.endpoint === '*' || r.endpoint === endpoint) &&
        (!r.phoneNumberId || !phoneNumberId || r.phoneNumberId === phoneNumberId),
    );
    const rule = this.rules[index];
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules.splice(index, 1);
    return rule;
  }
}
