import type { Product } from '@sapa/contracts';

/**
 * A feature line that only states how many agents the plan has ("3 agents", "Up to 10 agents",
 * "Hingga 5 agen"). Seeded products list one beside `agentLimit`.
 */
const AGENT_COUNT = /^\s*(?:up to\s+|hingga\s+)?\d+\s+(?:agents?|agen)\s*$/i;

/**
 * The product's features without its agent count: the card shows that from `agentLimit`,
 * translated and pluralised, and `agentLimit` is what the server enforces, so a second
 * (untranslated, possibly stale) count would only repeat or contradict it.
 */
export function planFeatures(product: Pick<Product, 'features'>): string[] {
  return product.features.filter((feature) => !AGENT_COUNT.test(feature));
}
